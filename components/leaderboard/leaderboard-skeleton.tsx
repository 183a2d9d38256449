// What a leaderboard page shows while the server computes it: the same blocks, greyed out.
import { Skeleton } from "@/components/ui/states";

export function LeaderboardSkeleton({ label = "Computing the leaderboard…" }: { label?: string }) {
  return (
    <div aria-busy="true" className="space-y-4">
      <p role="status" className="text-sm text-slate-600">
        {label}
      </p>
      <Skeleton className="h-8 w-72" />
      <Skeleton className="h-4 w-full max-w-xl" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-20 w-full" />
      <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} className="h-7 w-full" />
        ))}
      </div>
    </div>
  );
}
