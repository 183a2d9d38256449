import { LeaderboardSkeleton } from "@/components/leaderboard/leaderboard-skeleton";

export default function Loading() {
  return <LeaderboardSkeleton />;
}
