import Link from "next/link";
import { sampleHref } from "@/lib/samples/links";

/** A sample id linking to its evidence page. */
export function SampleLink({ id, className = "" }: { id: string; className?: string }) {
  return (
    <Link href={sampleHref(id)} className={`text-indigo-700 underline-offset-2 hover:underline ${className}`}>
      {id}
    </Link>
  );
}
