import Link from "next/link";
import { EmptyState } from "@/components/ui/states";

export default function SavedLeaderboardNotFound() {
  return (
    <EmptyState title="No saved leaderboard by that name">
      See{" "}
      <Link href="/leaderboards" className="text-indigo-700 underline">
        all saved leaderboards
      </Link>{" "}
      or{" "}
      <Link href="/query" className="text-indigo-700 underline">
        query the pool
      </Link>
      .
    </EmptyState>
  );
}
