// The leaderboard table: rank with its plausible range, model (linking to the model's page with
// the same selection), score with interval bar, P(beats baseline), win rate, samples. Sortable by
// column; the parent keeps the sort in the URL.
import Link from "next/link";
import type { ApiLeaderboardRow } from "@/lib/leaderboard/response";
import type { LeaderboardQuery } from "@/lib/selection/schema";
import type { Sort, SortKey } from "@/lib/leaderboard/view-state";
import { modelHref } from "@/lib/selection/url";
import { Badge } from "@/components/ui/badge";
import { CiBar, ciDomain } from "./ci-bar";
import { formatCi, formatCount, formatPercent, formatScore, scaleInfo } from "./format";

interface Props {
  rows: ApiLeaderboardRow[];
  /** All rows (for the shared axis), not only the shown ones. */
  allRows: ApiLeaderboardRow[];
  scale: string;
  baseline: string;
  query: Partial<LeaderboardQuery>;
  sort: Sort;
  onSort: (key: SortKey) => void;
}

function SortHeader({ label, k, sort, onSort, className = "", title }: { label: string; k: SortKey; sort: Sort; onSort: (k: SortKey) => void; className?: string; title?: string }) {
  const active = sort.key === k;
  return (
    <th scope="col" aria-sort={active ? (sort.desc ? "descending" : "ascending") : "none"} className={`px-2 py-2 sm:px-3 font-medium ${className}`}>
      <button type="button" onClick={() => onSort(k)} title={title} className="inline-flex items-center gap-1 rounded hover:text-indigo-700">
        {label}
        <span aria-hidden className={active ? "text-indigo-700" : "text-slate-300"}>{active ? (sort.desc ? "▼" : "▲") : "↕"}</span>
      </button>
    </th>
  );
}

function WinRateCell({ w }: { w: ApiLeaderboardRow["win_rate"] }) {
  return (
    <td className="px-2 py-2 sm:px-3 text-right align-top tabular-nums">
      {w ? (
        <>
          {w.weighted.toFixed(1)}%
          <span className="block text-xs text-slate-500">
            discrete {w.discrete.toFixed(1)}% · n={w.n}
          </span>
        </>
      ) : (
        <span className="text-slate-400">—</span>
      )}
    </td>
  );
}

export function LeaderboardTable({ rows, allRows, scale, baseline, query, sort, onSort }: Props) {
  const info = scaleInfo(scale);
  const reference = allRows.find((r) => r.model === baseline)?.score ?? (info.baselineZero ? 0 : null);
  const domain = ciDomain(allRows, reference);
  const showP = allRows.some((r) => r.p_beats_baseline !== null);
  const showWin = allRows.some((r) => r.win_rate !== null);
  return (
    <div className="relative -mx-4 overflow-x-auto sm:mx-0">
      <table className="w-full sm:min-w-[44rem] border-collapse text-sm" data-testid="leaderboard-table">
        <caption className="sr-only">Models ranked by {info.label}; baseline {baseline}</caption>
        <thead className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <SortHeader label="Rank" k="rank" sort={sort} onSort={onSort} className="w-16" title="Rank, and below it the range of plausible ranks from the 95% intervals" />
            <SortHeader label="Model" k="model" sort={sort} onSort={onSort} className="sticky left-0 bg-white" />
            <SortHeader label={info.label} k="score" sort={sort} onSort={onSort} className="text-right" title={info.explain} />
            <th scope="col" className="hidden w-48 px-2 py-2 sm:px-3 font-medium sm:table-cell sm:w-56">
              <span className="sr-only">Interval chart</span>
              <span aria-hidden>95% interval</span>
            </th>
            {showP && <SortHeader label="P(beats baseline)" k="p" sort={sort} onSort={onSort} className="text-right" title="Probability that the model is preferred over the baseline on a sample, under the fitted model" />}
            {showWin && <SortHeader label="Win rate vs baseline" k="win" sort={sort} onSort={onSort} className="text-right" title="AlpacaEval-style, over the pairwise comparisons with the baseline: weighted (mean p), discrete below" />}
            <SortHeader label="Samples" k="n" sort={sort} onSort={onSort} className="text-right" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => {
            const isBase = r.model === baseline;
            const ri = r.rank_interval;
            return (
              <tr key={r.model} data-model={r.model} className={isBase ? "bg-slate-50" : "hover:bg-indigo-50/40"}>
                <td className="px-2 py-2 sm:px-3 align-top tabular-nums">
                  <span className="font-semibold text-slate-900">{r.rank ?? "—"}</span>
                  {ri && (
                    <span className="block text-xs text-slate-500" title="plausible ranks (95%)">
                      {ri[0] === ri[1] ? `${ri[0]}` : `${ri[0]}–${ri[1]}`}
                    </span>
                  )}
                </td>
                <th scope="row" className={`sticky left-0 whitespace-nowrap px-2 py-2 text-left align-top font-medium sm:px-3 ${isBase ? "bg-slate-50" : "bg-white"}`}>
                  <Link href={modelHref(r.model, query)} className="rounded text-indigo-700 hover:underline">
                    {r.model}
                  </Link>
                  {isBase && (
                    <span className="mt-0.5 block">
                      <Badge>baseline</Badge>
                    </span>
                  )}
                </th>
                <td className="whitespace-nowrap px-2 py-2 text-right align-top tabular-nums sm:px-3">
                  <span className="font-semibold" data-testid="score">{formatScore(r.score, scale)}</span>
                  <span className="block text-xs text-slate-500">{isBase && info.baselineZero ? "fixed" : formatCi(r.ci, scale)}</span>
                </td>
                <td className="hidden px-2 py-2 sm:px-3 align-middle sm:table-cell">
                  <CiBar score={r.score} ci={r.ci} domain={domain} reference={reference} isBaseline={isBase} />
                </td>
                {showP && <td className="px-2 py-2 sm:px-3 text-right align-top tabular-nums">{isBase ? "—" : formatPercent(r.p_beats_baseline)}</td>}
                {showWin && <WinRateCell w={r.win_rate} />}
                <td className="px-2 py-2 sm:px-3 text-right align-top tabular-nums">{formatCount(r.n_samples)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
