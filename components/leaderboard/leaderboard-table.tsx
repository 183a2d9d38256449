// The leaderboard table: rank with its plausible range, model (linking to the model's page with
// the same selection), score with interval and coverage (share of the selection measured), interval bar, P(beats baseline), win rate, samples. Sortable by
// column; the parent keeps the sort in the URL and passes the rows already in that order.
import Link from "next/link";
import type { ApiLeaderboardRow } from "@/lib/leaderboard/response";
import type { LeaderboardQuery } from "@/lib/selection/schema";
import type { Sort, SortKey } from "@/lib/leaderboard/view-state";
import { modelHref } from "@/lib/selection/url";
import { formatCi, formatCount, formatPercent, formatRankRange, formatScore, MISSING, scaleInfo } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/table/data-table";
import { CiBar, ciDomain, scoreReference } from "./ci-bar";
import { factsColumns, factsHidden, SelfJudgeMark } from "./facts-columns";

interface Props {
  rows: ApiLeaderboardRow[];
  /** All rows (for the shared axis), not only the shown ones. */
  allRows: ApiLeaderboardRow[];
  /** Models whose score weights their samples to the selection's mix (design_weighted). */
  reweighted: string[];
  scale: string;
  baseline: string;
  query: Partial<LeaderboardQuery>;
  /** Samples of the selection: a model's coverage is its share of them. */
  nSamples: number;
  sort: Sort;
  onSort: (key: SortKey) => void;
}

const col = columnsOf<ApiLeaderboardRow>();

function columns({ allRows, reweighted, scale, baseline, query, nSamples }: Omit<Props, "rows" | "sort" | "onSort">) {
  const info = scaleInfo(scale);
  const reference = scoreReference(allRows, baseline, scale);
  const domain = ciDomain(allRows, reference);
  const isBase = (r: ApiLeaderboardRow) => r.model === baseline;
  /** A score without an interval (the API's ci null) where the method gives intervals: shown as such, never as a score that looks certain. */
  // Plackett–Luce and Bradley–Terry (log-strength) always give intervals, even where none could be bounded.
  const withIntervals = scale === "log-strength" || allRows.some((r) => r.ci !== null);
  const unbounded = (r: ApiLeaderboardRow) => withIntervals && r.score !== null && r.ci === null && !(isBase(r) && info.baselineZero);
  return col.columns([
    col.accessor("rank", {
      header: "Rank",
      meta: { className: "w-16 tabular-nums", title: "Rank, and below it the range of plausible ranks from the 95% intervals" },
      cell: ({ row: { original: r } }) => (
        <>
          <span className="font-semibold text-slate-900">{r.rank ?? MISSING}</span>
          {r.rank_interval ? (
            <span className="block text-xs text-slate-500" title="plausible ranks (95%)">
              {formatRankRange(r.rank_interval)}
            </span>
          ) : (
            unbounded(r) && (
              <span className="block text-xs text-amber-800" title="Its 95% interval is unbounded (too few comparisons, or it never lost or never won one): any rank is plausible">
                any
              </span>
            )
          )}
        </>
      ),
    }),
    col.accessor("model", {
      header: "Model",
      meta: {
        rowHeader: true,
        className: "sticky left-0 whitespace-nowrap",
        headerClassName: "bg-white",
        cellProps: (r) => ({ className: isBase(r) ? "bg-slate-50" : "bg-white" }),
      },
      cell: ({ row: { original: r } }) => (
        <>
          <Link href={modelHref(r.model, query)} className="rounded font-medium text-indigo-700 hover:underline">
            {r.model}
          </Link>
          {isBase(r) && (
            <span className="mt-0.5 block">
              <Badge>baseline</Badge>
            </span>
          )}
          <SelfJudgeMark row={r} />
        </>
      ),
    }),
    col.accessor("score", {
      header: info.label,
      meta: { align: "right", className: "whitespace-nowrap", title: info.explain },
      cell: ({ row: { original: r } }) => (
        <>
          <span className="font-semibold" data-testid="score">
            {formatScore(r.score, scale)}
          </span>
          {unbounded(r) ? (
            <span className="block text-xs text-amber-800" data-testid="unbounded" title="Too few comparisons (or it never lost or never won one) to bound its 95% interval: the score is a guess, not a measurement">
              interval unbounded
            </span>
          ) : (
            <span className="block text-xs text-slate-500">{isBase(r) && info.baselineZero ? "fixed" : formatCi(r.ci, scale)}</span>
          )}
          <span className="block text-xs text-slate-500" data-testid="coverage" title="Coverage: the share of the selected samples this model has results on">
            {formatPercent(nSamples ? r.n_samples / nSamples : null)} measured
          </span>
          {reweighted.includes(r.model) && (
            <span className="block text-xs text-amber-800" data-testid="reweighted" title="Its samples are a skewed few of the selection (easier or harder than the rest): the score weights them to the selection's mix, and the interval is wider for it">
              reweighted
            </span>
          )}
        </>
      ),
    }),
    col.display({
      id: "interval",
      header: () => (
        <>
          <span className="sr-only">Interval chart</span>
          <span aria-hidden>95% interval</span>
        </>
      ),
      meta: { align: "center", className: "hidden w-48 sm:table-cell sm:w-56" },
      cell: ({ row: { original: r } }) => <CiBar score={r.score} ci={r.ci} domain={domain} reference={reference} isBaseline={isBase(r)} unbounded={unbounded(r)} />,
    }),
    col.accessor("p_beats_baseline", {
      id: "p",
      header: "P(beats baseline)",
      meta: { align: "right", title: "Probability that the model is preferred over the baseline on a sample, under the fitted model" },
      cell: ({ row: { original: r } }) => (isBase(r) ? MISSING : formatPercent(r.p_beats_baseline)),
    }),
    col.accessor((r) => r.win_rate?.weighted ?? null, {
      id: "win",
      header: "Win rate vs baseline",
      meta: { align: "right", title: "AlpacaEval-style, over the pairwise comparisons with the baseline: weighted (mean p), discrete below" },
      cell: ({ row: { original: r } }) =>
        r.win_rate ? (
          <>
            {formatPercent(r.win_rate.weighted / 100)}
            <span className="block text-xs text-slate-500">
              discrete {formatPercent(r.win_rate.discrete / 100)} · n={formatCount(r.win_rate.n)}
            </span>
          </>
        ) : (
          <span className="text-slate-500">{MISSING}</span>
        ),
    }),
    ...factsColumns(col),
    col.accessor("n_samples", { id: "n", header: "Samples", meta: { align: "right" }, cell: ({ getValue }) => formatCount(getValue()) }),
  ]);
}

export function LeaderboardTable({ rows, allRows, reweighted, scale, baseline, query, nSamples, sort, onSort }: Props) {
  const hidden = [...(allRows.some((r) => r.p_beats_baseline !== null) ? [] : ["p"]), ...(allRows.some((r) => r.win_rate !== null) ? [] : ["win"]), ...factsHidden(allRows)];
  return (
    <DataTable
      testId="leaderboard-table"
      caption={`Models ranked by ${scaleInfo(scale).label}; baseline ${baseline}`}
      captionClassName="sr-only"
      className="w-full sm:min-w-[44rem]"
      wrapperClassName="relative -mx-4 overflow-x-auto sm:mx-0"
      rows={rows}
      columns={columns({ allRows, reweighted, scale, baseline, query, nSamples })}
      rowId={(r) => r.model}
      hidden={hidden}
      rowProps={(r) => ({ "data-model": r.model, className: r.model === baseline ? "bg-slate-50" : "hover:bg-indigo-50/40" })}
      sort={{ key: sort.key, desc: sort.desc, onSort: (id) => onSort(id as SortKey) }}
    />
  );
}
