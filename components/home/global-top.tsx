// The overall leaderboard over every sample, top 10, with a link to the full view. The home page
// computes it (lib/leaderboard/live.ts overallLeaderboard) and hands it over.
import Link from "next/link";
import type { LiveLeaderboard } from "@/lib/leaderboard/compute";
import { METHOD_LABELS, type Method } from "@/lib/selection/methods";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/states";
import { CompactRanking } from "@/components/leaderboard/compact-ranking";
import { formatCount } from "@/lib/format";

const TOP = 10;

export function GlobalTop({ lb, fullHref }: { lb: LiveLeaderboard; fullHref: string }) {
  const ranked = lb.models.filter((m) => m.rank !== null);
  const top = ranked.slice(0, TOP);
  return (
    <Card
      title="Overall leaderboard"
      actions={
        <Link href={fullHref} className="text-sm font-medium text-indigo-700 hover:underline">
          Full leaderboard →
        </Link>
      }
    >
      {top.length === 0 ? (
        <EmptyState title="No results yet">Upload results to rank models.</EmptyState>
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-500" data-testid="global-caption">
            Top {top.length} of {lb.models.length} models · {formatCount(lb.n_samples)} samples · {METHOD_LABELS[lb.method as Method]}, baseline {lb.baseline} = 0
          </p>
          <CompactRanking rows={top} scale={lb.scale} baseline={lb.baseline} query={{}} testId="global-leaderboard" />
        </>
      )}
    </Card>
  );
}
