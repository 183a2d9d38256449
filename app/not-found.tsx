import Link from "next/link";
import { EmptyState } from "@/components/ui/states";

export default function NotFound() {
  return (
    <EmptyState title="Not found">
      <Link href="/" className="text-indigo-700 underline">Back to the leaderboards</Link>
    </EmptyState>
  );
}
