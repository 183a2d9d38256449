import Link from "next/link";
import { EmptyState } from "@/components/ui/states";

export default function ModelNotFound() {
  return (
    <EmptyState title="No such model">
      No published results name this model. <Link href="/" className="text-indigo-700 underline">Back to the leaderboards</Link>
    </EmptyState>
  );
}
