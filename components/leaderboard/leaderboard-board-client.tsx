"use client";

// The interactive part of a leaderboard: row filter, sorting, export, and the chart. Sorting and
// the filter only change what is shown, so they live in the URL (replaceState) without a refetch.
import { useState } from "react";
import type { ApiLeaderboardRow } from "@/lib/leaderboard/response";
import type { LeaderboardQuery } from "@/lib/selection/schema";
import type { ExportMeta } from "@/lib/leaderboard/export";
import { formatSort, nextSort, shownRows, type Sort, type SortKey } from "@/lib/leaderboard/view-state";
import { ScoreIntervalChart } from "@/components/charts/score-interval-chart-client";
import { Card } from "@/components/ui/card";
import { LeaderboardTable } from "./leaderboard-table";
import { ciDomain, scoreReference } from "./ci-bar";
import { ExportButtons } from "./export-buttons";
import { scaleInfo } from "@/lib/format";

interface Props {
  /** Models asked for (all of the pool's, or the `models` chosen) that have no result on these samples, so no row. */
  unmeasured?: number;
  rows: ApiLeaderboardRow[];
  /** Models whose score was post-stratified (the engine's design_weighted warnings). */
  reweighted?: string[];
  scale: string;
  baseline: string;
  query: Partial<LeaderboardQuery>;
  meta: Omit<ExportMeta, "params">;
  /** The URL parameters that define what was computed (for export file names). */
  paramString: string;
  exportPrefix?: string;
  initialSort: Sort;
  initialFind: string;
}

function replaceUrlParam(key: string, value: string | null) {
  const url = new URL(window.location.href);
  if (value) url.searchParams.set(key, value);
  else url.searchParams.delete(key);
  window.history.replaceState(window.history.state, "", url.pathname + url.search);
}

export function LeaderboardBoard({ rows, unmeasured = 0, reweighted = [], scale, baseline, query, meta, paramString, exportPrefix, initialSort, initialFind }: Props) {
  const [sort, setSort] = useState<Sort>(initialSort);
  const [find, setFind] = useState(initialFind);
  const shown = shownRows(rows, sort, find);
  const inRankOrder = shownRows(rows, { key: "rank", desc: false }, find);
  const info = scaleInfo(scale);
  const reference = scoreReference(rows, baseline, scale);

  const onSort = (key: SortKey) => {
    const next = nextSort(sort, key);
    setSort(next);
    replaceUrlParam("sort", formatSort(next));
  };

  return (
    <div className="space-y-5">
      <Card
        title="Ranking"
        actions={<ExportButtons rows={shown} meta={{ ...meta, params: new URLSearchParams(paramString) }} prefix={exportPrefix} />}
      >
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="find-model" className="block text-xs font-medium text-slate-600">
              Filter models
            </label>
            <input
              id="find-model"
              type="search"
              value={find}
              placeholder="e.g. atlas"
              onChange={(e) => {
                setFind(e.target.value);
                replaceUrlParam("find", e.target.value.trim() || null);
              }}
              className="mt-1 w-56 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm shadow-sm"
            />
          </div>
          <p className="pb-1.5 text-xs text-slate-500" aria-live="polite" data-testid="row-count">
            Showing {shown.length} of {rows.length} models
            {unmeasured > 0 && ` · ${unmeasured} other${unmeasured === 1 ? " has" : "s have"} no result on these samples`}
          </p>
        </div>
        {shown.length ? (
          <LeaderboardTable rows={shown} allRows={rows} reweighted={reweighted} scale={scale} baseline={baseline} query={query} nSamples={meta.n_samples} sort={sort} onSort={onSort} />
        ) : (
          <p className="py-6 text-center text-sm text-slate-600">No model name contains “{find}”.</p>
        )}
        <p className="mt-3 text-xs text-slate-500">
          {info.label}: {info.explain}. Bars: the score (dark tick) and its 95% interval on a common axis; the dashed line is the baseline.
          {rows.every((r) => r.win_rate === null) && " No pairwise comparisons with the baseline in these samples, so there is no AlpacaEval-style win rate."}
        </p>
      </Card>
      <Card title={rows.some((r) => r.ci) ? "Scores with 95% intervals" : "Scores"}>
        <ScoreIntervalChart rows={inRankOrder} baseline={baseline} reference={reference} domain={ciDomain(rows, reference)} scale={scale} />
      </Card>
    </div>
  );
}
