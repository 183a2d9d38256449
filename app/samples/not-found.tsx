import Link from "next/link";
import { EmptyState } from "@/components/ui/states";

export default function SampleNotFound() {
  return (
    <EmptyState title="No such sample">
      There is no published sample with this id. Sample ids look like <code>demo-bio-qa/0001</code>.{" "}
      <Link href="/" className="text-indigo-700 underline">Back to the leaderboards</Link>
    </EmptyState>
  );
}
