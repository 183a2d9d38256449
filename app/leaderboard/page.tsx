// /leaderboard?q=…&benchmark=…&method=…: the live leaderboard of any selection. The URL holds the
// whole state, so every view can be shared.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { servedVisibleModels } from "@/lib/db/queries/models";
import { computeLive } from "@/lib/leaderboard/live";
import { configuredBaseline } from "@/lib/selection/defaults";
import { DEFAULT_METHOD } from "@/lib/selection/methods";
import { tryParseParams } from "@/lib/selection/parse";
import { leaderboardQuerySchema } from "@/lib/selection/schema";
import { fromRecord, queryPageHref, withoutEmpty } from "@/lib/selection/url";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState } from "@/components/ui/states";
import { LeaderboardView } from "@/components/leaderboard/leaderboard-view";
import { LiveProblem } from "@/components/leaderboard/live-result";
import { describeFilters } from "@/components/leaderboard/retrieval-summary";
import { cacheThisPage, noPageCache, uncachedOnError } from "@/lib/web/page-cache";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const sp = fromRecord(await searchParams);
  const q = sp.get("q");
  return { title: q ? `Leaderboard for “${q}”` : "Leaderboard" };
}

export default async function AdHocLeaderboardPage({ searchParams }: { searchParams: SearchParams }) {
  const params = fromRecord(await searchParams);
  const cleaned = withoutEmpty(params);
  if (cleaned) redirect(cleaned.size ? `/leaderboard?${cleaned}` : "/leaderboard");
  const { data: query, error } = tryParseParams(params, leaderboardQuerySchema);
  if (error !== null) {
    return (
      <>
        <PageHeader title="Leaderboard" />
        <ErrorState title="Invalid parameters">
          <p>{error}</p>
          <Link href="/leaderboard" className="mt-2 inline-block underline">Show the overall leaderboard</Link>
        </ErrorState>
      </>
    );
  }
  // A function of the URL and the pool's state (lib/web/page-cache.ts), kept once asked for again
  // (most queries are asked once) and a minute at most (it says how long ago it was computed). A
  // computation that could not be made (the fits' queue full, the database away) is not kept.
  cacheThisPage({ maxAgeS: 60, repeatedOnly: true });
  const [outcome, names] = await Promise.all([computeLive(query), uncachedOnError(servedVisibleModels())]);
  if (!outcome.ok) noPageCache();
  const filters = describeFilters(query);
  const title = query.q ? `Best models for “${query.q}”` : filters ? `Leaderboard: ${filters}` : "Overall leaderboard";
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Computed live from the sample-level results of the selected samples."
        actions={
          <Link href={queryPageHref({ ...query, method: undefined })} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50">
            Refine the selection
          </Link>
        }
      />
      {outcome.ok ? (
        <LeaderboardView
          lb={outcome.value}
          query={query}
          source={{ kind: "live" }}
          basePath="/leaderboard"
          params={params}
          defaultMethod={DEFAULT_METHOD}
          defaultBaseline={configuredBaseline()}
          allModels={names}
        />
      ) : (
        <LiveProblem outcome={outcome} resetHref="/leaderboard" />
      )}
    </>
  );
}
