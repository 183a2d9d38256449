// /leaderboards/[slug]: a saved concept leaderboard from its cached snapshot (bootstrap intervals),
// with when it was computed and whether a refresh is running. Changing the method, baseline,
// models or prior computes live through the same view, and the page says so.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { dataVersion } from "@/lib/db/data-version";
import { servedVisibleModels } from "@/lib/db/queries/models";
import { getSavedLeaderboard, savedQuery } from "@/lib/leaderboard/saved";
import { resolveQuery } from "@/lib/selection/defaults";
import { fromRecord, hasAggregationOverride, leaderboardHref } from "@/lib/selection/url";
import { PageHeader } from "@/components/ui/page-header";
import { LeaderboardView } from "@/components/leaderboard/leaderboard-view";
import { LiveProblem } from "@/components/leaderboard/live-result";
import { AutoRefresh } from "@/components/leaderboard/auto-refresh-client";
import { savedPageData } from "./saved-page-data";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const saved = await getSavedLeaderboard((await params).slug);
  return { title: saved ? saved.title : "Leaderboard not found" };
}

export default async function SavedLeaderboardPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const sp = fromRecord(await searchParams);
  const [saved, version, names] = await Promise.all([getSavedLeaderboard(slug), dataVersion(), servedVisibleModels()]);
  if (!saved) notFound();
  const basePath = `/leaderboards/${slug}`;
  const data = await savedPageData(saved, sp, version);
  const stored = savedQuery(saved);
  return (
    <>
      <PageHeader
        title={saved.title}
        subtitle={saved.description ?? undefined}
        actions={
          <Link href={leaderboardHref(stored)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50">
            Open as an ad hoc query
          </Link>
        }
      />
      {data.ok ? (
        <LeaderboardView
          lb={data.lb}
          query={data.query}
          source={data.source}
          basePath={basePath}
          params={sp}
          defaultMethod={saved.method}
          defaultBaseline={resolveQuery(stored).baseline}
          allModels={names}
          exportPrefix={`onebench_${slug}`}
        />
      ) : (
        <LiveProblem outcome={data.failure} resetHref={basePath} />
      )}
      {data.ok && data.autoRefresh && !hasAggregationOverride(sp) && <AutoRefresh seconds={5} />}
    </>
  );
}
