// What a page shows when its live leaderboard cannot be computed (lib/leaderboard/live.ts): the
// semantic index is still being built, or a parameter is invalid.
import Link from "next/link";
import type { LiveFailure } from "@/lib/leaderboard/live";
import { ErrorState } from "@/components/ui/states";
import { AutoRefresh } from "./auto-refresh-client";
import { embedderLabel } from "@/lib/format";

export function LiveProblem({ outcome, resetHref }: { outcome: LiveFailure; resetHref: string }) {
  if (outcome.kind === "not-ready") {
    return (
      <div role="status" className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900" data-testid="semantic-pending">
        <p className="font-semibold">
          <span aria-hidden className="mr-2 inline-block h-2.5 w-2.5 animate-pulse rounded-full bg-sky-500" />
          The semantic index is being built ({outcome.pending.toLocaleString("en-US")} sample{outcome.pending === 1 ? "" : "s"} pending)
        </p>
        <p className="mt-1">
          Capability queries need every sample embedded{outcome.embedder ? ` by the ${embedderLabel(outcome.embedder)}` : ""}. This page updates by itself
          when the index is ready. Meanwhile, filters without query text (benchmark, task, tag) work.
        </p>
        <AutoRefresh seconds={3} />
      </div>
    );
  }
  return (
    <ErrorState title="This leaderboard cannot be computed">
      <p>{outcome.message}</p>
      <Link href={resetHref} className="mt-2 inline-block underline">
        Start over
      </Link>
    </ErrorState>
  );
}
