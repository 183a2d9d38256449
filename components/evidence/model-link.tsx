import Link from "next/link";

/** A model name linking to its profile page. */
export function ModelLink({ name, query = "" }: { name: string; query?: string }) {
  return (
    <Link href={`/models/${encodeURIComponent(name)}${query ? `?${query}` : ""}`} className="text-indigo-700 underline underline-offset-2">
      {name}
    </Link>
  );
}
