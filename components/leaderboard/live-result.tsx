// Computing a live leaderboard for a page, with the two expected failures turned into states: the
// semantic index is still being built (503 "not ready"), or a parameter is invalid (400).
import Link from "next/link";
import { ApiError } from "@/lib/api/errors";
import { computeLeaderboard, type LiveLeaderboard } from "@/lib/leaderboard/compute";
import type { LeaderboardQuery } from "@/lib/leaderboard/params";
import { activeEmbedder, pendingEmbeddings } from "@/lib/retrieval/active";
import { ErrorState } from "@/components/ui/states";
import { AutoRefresh } from "./auto-refresh-client";
import { embedderLabel } from "./format";

export type LiveFailure =
  | { ok: false; kind: "not-ready"; message: string; pending: number; embedder: string | null }
  | { ok: false; kind: "bad-request"; message: string };

export async function tryLive<T>(run: () => Promise<T>): Promise<{ ok: true; value: T } | LiveFailure> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.code === "unavailable") {
      const active = await activeEmbedder().catch(() => null);
      const pending = await pendingEmbeddings();
      return { ok: false, kind: "not-ready", message: err.message, pending, embedder: active?.name ?? null };
    }
    if (err.code === "bad_request" || err.code === "not_found") return { ok: false, kind: "bad-request", message: err.message };
    throw err;
  }
}

export function computeLive(q: LeaderboardQuery): Promise<{ ok: true; value: LiveLeaderboard } | LiveFailure> {
  return tryLive(() => computeLeaderboard(q));
}

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
