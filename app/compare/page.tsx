import type { Metadata } from "next";
import Link from "next/link";
import { plural } from "@/lib/format";
import { SelectionSummary } from "@/components/evidence/selection-summary";
import { DisagreementOutputs } from "@/components/compare/disagreement-outputs";
import { DisagreementTable } from "@/components/compare/disagreement-table";
import { HeadToHeadHeatmap } from "@/components/compare/head-to-head-heatmap";
import { ModelPicker } from "@/components/compare/model-picker-client";
import { PairwiseTable } from "@/components/compare/pairwise-table";
import { SubsetBars } from "@/components/compare/subset-bars-client";
import { SubsetTableDetails } from "@/components/compare/subset-table-details-client";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, Notice } from "@/components/ui/states";
import { ApiError } from "@/lib/api/errors";
import { compareModels, type Comparison, type SubsetScores } from "@/lib/compare/compare";
import { tryParseParams, type PageSearchParams } from "@/lib/selection/parse";
import { compareQuerySchema, MAX_MODELS, MIN_MODELS } from "@/lib/selection/route-schemas";
import { pickSelection } from "@/lib/selection/schema";
import { compareHref, leaderboardHref, selectionQueryString } from "@/lib/selection/url";
import { cacheThisPage, uncachedOnError } from "@/lib/web/page-cache";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare models" };

function Subsets({ title, rows, c, kind }: { title: string; rows: SubsetScores[]; c: Comparison; kind: string }) {
  if (rows.length === 0) return null;
  return (
    <Card title={title}>
      <SubsetBars rows={rows} models={c.models} label={`${title}: Plackett–Luce score of each model, baseline ${c.baseline} = 0`} />
      <p className="mt-1 text-xs text-slate-500">Each group is labelled with its number of samples (few samples, wide intervals). Whiskers: 95% intervals; an arrowhead at the axis marks one that runs past it (the table below has it whole).</p>
      <SubsetTableDetails rows={rows} models={c.models} kind={kind} baseline={c.baseline} />
    </Card>
  );
}

export default async function ComparePage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const parsed = tryParseParams(await searchParams, compareQuerySchema);
  if (parsed.error !== null) return <ErrorState title="These parameters are not valid">{parsed.error}</ErrorState>;
  const selection = pickSelection(parsed.data);
  const selectionQuery = selectionQueryString(selection);
  let c: Comparison;
  // A function of the URL and the pool's state (lib/web/page-cache.ts), kept once asked for again
  // (most selections are asked once); a comparison that could not be made (an unknown model, the
  // fits' queue full, the database away) is not kept.
  cacheThisPage({ repeatedOnly: true });
  try {
    c = await uncachedOnError(compareModels({ models: parsed.data.models, selection }));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return (
      <div className="space-y-4">
        <PageHeader title="Compare models" />
        <ErrorState title="These models cannot be compared">{err.message}</ErrorState>
        {/* The top of this selection is the way out only when models were chosen; without, it is this very page. */}
        {parsed.data.models.length > 0 ? (
          <Link href={compareHref([], selection)} className="text-sm text-indigo-700 underline">
            Compare the top 5 of this selection instead
          </Link>
        ) : selectionQuery ? (
          <Link href={compareHref([], {})} className="text-sm text-indigo-700 underline">
            Compare the top 5 of the whole pool instead
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <PageHeader
        title="Compare models"
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-1">
            {plural(c.n_samples, "sample")} · <SelectionSummary selection={selection} /> · scores relative to {c.baseline} = 0
          </span>
        }
        actions={
          <Link href={leaderboardHref(selection)} className="text-sm text-indigo-700 underline">
            Leaderboard of this selection
          </Link>
        }
      />
      {c.warnings.map((w) => (
        <Notice key={w} tone="warning">{w}</Notice>
      ))}
      <Card title={c.default_models ? "Models (the top 5 of this selection)" : "Models"}>
        <ModelPicker available={c.available} selected={c.models} selectionQuery={selectionQuery} min={MIN_MODELS} max={MAX_MODELS} />
      </Card>
      {/* One above the other: side by side, the records table (eight columns) got what the
          heatmap left of the page's width and scrolled sideways, caption and all, even for 2 models. */}
      <Card title="Head-to-head win probability">
        <HeadToHeadHeatmap models={c.head_to_head.models} p={c.head_to_head.p} pairs={c.pairwise} />
      </Card>
      <Card title="Head-to-head records on the samples">
        <PairwiseTable models={c.models} pairs={c.pairwise} p={c.head_to_head.p} />
      </Card>
      <Subsets title="Scores by benchmark" rows={c.benchmarks} c={c} kind="benchmark" />
      <Subsets title={`Scores by tag (the ${c.tags.length} largest)`} rows={c.tags} c={c} kind="tag" />
      <Card title="Where they disagree most">
        {c.disagreements.length === 0 ? (
          <EmptyState title="No upsets">On every sample the compared models finish in the order of their overall scores (or tie).</EmptyState>
        ) : (
          <>
            <DisagreementTable rows={c.disagreements} models={c.models} />
            <DisagreementOutputs rows={c.disagreements} models={c.models} />
          </>
        )}
      </Card>
    </div>
  );
}
