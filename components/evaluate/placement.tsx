// Where the evaluated model stands now (its projected place with the 95% intervals) and the
// rounds so far: each round's rank interval drawn on the leaderboard's rank axis, so the shrinking
// is visible at a glance.
import Link from "next/link";
import type { EvaluationPlanBody } from "@/lib/planning/selection-plan";
import type { Round } from "@/lib/planning/rounds-history";
import { formatCi, formatCount, formatPercent, formatRankRange, formatScore, formatValue, MISSING } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import { DataTable } from "@/components/table/data-table";
import { Card } from "@/components/ui/card";

export function Placement({ plan }: { plan: EvaluationPlanBody }) {
  const c = plan.current;
  return (
    <Card title={<>Where <bdi>{plan.model}</bdi> stands</>}>
      {c ? (
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="placement">
          <Fact label="Rank" testId="rank">
            {c.rank} of {c.n_ranked}
          </Fact>
          <Fact label="95% rank interval" testId="rank-interval">
            {formatRankRange(c.rank_interval)}
          </Fact>
          <Fact label={`Score (baseline ${plan.baseline} = 0)`} testId="score">
            {formatScore(c.score)} <span className="text-xs text-slate-500">{formatCi(c.ci)}</span>
          </Fact>
          <Fact label="Coverage" testId="coverage">
            {formatPercent(plan.coverage)} <span className="text-xs text-slate-500">({formatCount(plan.measured)} of {formatCount(plan.n_samples)} samples)</span>
          </Fact>
        </dl>
      ) : (
        <p className="text-sm text-slate-600" data-testid="placement">
          Not placed yet: {plan.model} has no results on these {formatCount(plan.n_samples)} samples. Run the batch below and upload the results.
        </p>
      )}
      <p className="mt-3 text-xs text-slate-500">
        The place it is projected to hold once run on every sample of the selection; the intervals are 95% prediction intervals for that place (see the{" "}
        <Link href="/about#evaluation-plan" className="underline">
          method page
        </Link>
        ). They are not the leaderboard&apos;s confidence intervals for the model&apos;s strength: they say where its score on these very samples will
        land once the rest are run, so for a model already measured on most of them they are much narrower.
      </p>
    </Card>
  );
}

function Fact({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const col = columnsOf<Round>();

function IntervalBar({ r }: { r: Round }) {
  if (!r.current) return <span className="text-xs text-slate-400">not placed</span>;
  const n = Math.max(2, r.current.n_ranked);
  const at = (rank: number) => ((rank - 1) / (n - 1)) * 100;
  const [lo, hi] = r.current.rank_interval;
  return (
    <div className="relative h-3 w-full rounded bg-slate-100" aria-hidden>
      <div className="absolute h-3 rounded bg-indigo-300" style={{ left: `${at(lo)}%`, width: `${Math.max(1.5, at(hi) - at(lo))}%` }} />
      <div className="absolute h-3 w-0.5 bg-indigo-800" style={{ left: `${at(r.current.rank)}%` }} />
    </div>
  );
}

const ROUND_COLUMNS = col.columns([
  col.accessor("round", { header: "Round", meta: { align: "right", className: "w-16" } }),
  col.accessor("measured", {
    header: "Samples measured",
    meta: { align: "right" },
    cell: ({ row: { original: r } }) => `${formatCount(r.measured)} (${formatPercent(r.nSamples ? r.measured / r.nSamples : null)})`,
  }),
  col.accessor((r) => r.current?.rank ?? null, { id: "rank", header: "Rank", meta: { align: "right" }, cell: ({ getValue }) => getValue() ?? MISSING }),
  col.accessor((r) => (r.current ? formatRankRange(r.current.rank_interval) : MISSING), {
    id: "interval",
    header: "95% rank interval",
    meta: { align: "right", cellProps: () => ({ "data-testid": "round-interval" }) },
  }),
  col.accessor((r) => (r.current ? r.current.ci[1] - r.current.ci[0] : null), {
    id: "width",
    header: "Score interval width",
    meta: { align: "right", cellProps: (r) => ({ "data-testid": "round-width", "data-width": r.current ? r.current.ci[1] - r.current.ci[0] : "" }) },
    cell: ({ getValue }) => formatValue(getValue()),
  }),
  col.display({ id: "bar", header: "Rank interval (1 = best)", meta: { className: "w-48" }, cell: ({ row: { original: r } }) => <IntervalBar r={r} /> }),
]);

export function RoundsTable({ rounds }: { rounds: Round[] }) {
  return (
    <Card title="Rounds">
      <DataTable testId="rounds" caption="Rounds of this evaluation and the model's interval after each" captionClassName="sr-only" rows={rounds} columns={ROUND_COLUMNS} rowId={(r) => String(r.round)} rowProps={(r) => ({ "data-round": r.round })} />
    </Card>
  );
}
