import { Fragment } from "react";
import type { RawMeasurement } from "@/lib/samples/raw-measurements";
import type { RankingGroupView } from "@/lib/samples/sample-ranking";
import { formatValue, MISSING } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import { DataTable } from "@/components/table/data-table";
import { measurementBlocks, PairwiseLine, RankingLine, ScoreTable, UnitTestTable } from "./measurement-tables";
import { RankingGroup } from "./ranking-group";

function Row({ left, right, label }: { left: React.ReactNode; right: React.ReactNode; label: string }) {
  return (
    <div className="grid gap-4 border-t border-slate-100 pt-4 first:border-0 first:pt-0 md:grid-cols-2" data-testid="evidence-block" aria-label={label} role="group">
      <div className="min-w-0">{left}</div>
      <div className="min-w-0 space-y-3">{right}</div>
    </div>
  );
}

type PairLine = Extract<RawMeasurement, { type: "pairwise" }>;

/** Pairwise lines shown side by side with their choice events; the rest (arena samples hold hundreds) go in one table. */
export const PAIRWISE_INLINE = 20;

/** Each model name a bidi isolate: a control in an uploaded name cannot reorder the names after it. */
function Events({ g }: { g: RankingGroupView | undefined }) {
  if (!g) return <>{MISSING}</>;
  return (
    <>
      {g.choices.map((c, i) => (
        <Fragment key={i}>
          {i > 0 && "; "}
          <bdi>{c.winner}</bdi> over{" "}
          {c.losers.map((l, j) => (
            <Fragment key={j}>
              {j > 0 && ", "}
              <bdi>{l}</bdi>
            </Fragment>
          ))}
          {c.weight === 1 ? "" : ` (${formatValue(c.weight)})`}
        </Fragment>
      ))}
    </>
  );
}

interface PairedLine {
  line: PairLine;
  group: RankingGroupView | undefined;
}

const col = columnsOf<PairedLine>();
const PAIR_COLUMNS = col.columns([
  col.accessor((p) => p.line.model_a, { id: "a", header: "Model A" }),
  col.accessor((p) => p.line.model_b, { id: "b", header: "Model B" }),
  col.accessor((p) => (p.line.winner === "tie" ? "tie" : p.line.winner === "a" ? p.line.model_a : p.line.model_b), { id: "winner", header: "Winner" }),
  col.accessor((p) => p.line.p_a, { id: "p_a", header: "p_a", meta: { align: "right" }, cell: ({ getValue }) => formatValue(getValue()) }),
  col.display({ id: "events", header: "Choice events (weight)", meta: { cellClassName: "text-xs text-slate-600" }, cell: ({ row: { original: p } }) => <Events g={p.group} /> }),
]);

function MorePairwise({ pairs }: { pairs: PairedLine[] }) {
  return (
    <details className="border-t border-slate-100 pt-4">
      <summary className="cursor-pointer text-sm text-indigo-700">{pairs.length} more pairwise lines and their choice events</summary>
      <div className="mt-2">
        <DataTable
          testId="more-pairwise"
          className="w-full"
          rows={pairs}
          columns={PAIR_COLUMNS}
          rowId={(_, i) => String(i)}
          scroll={{ maxHeight: "32rem", label: "More pairwise lines (scrollable)", rowHeight: 34 }}
        />
      </div>
    </details>
  );
}

/** Pairs every stored pairwise line with its group (same models, winner and p_a; identical lines are interchangeable). */
function pairLines(lines: PairLine[], groups: RankingGroupView[]): PairedLine[] {
  const left = [...groups];
  return lines.map((line) => {
    const winner = line.winner === "tie" ? null : line.winner === "a" ? line.model_a : line.model_b;
    const i = left.findIndex(
      (g) => g.pair?.a === line.model_a && g.pair?.b === line.model_b && (g.p_a ?? null) === line.p_a && (g.tiers.length === 1 ? null : g.tiers[0].models[0]) === winner,
    );
    return { line, group: i >= 0 ? left.splice(i, 1)[0] : undefined };
  });
}

/**
 * Each measurement group next to the ordering it became: on the left what was stored (values per
 * model, a judge's ranking, pairwise lines), on the right the tiers and choice events.
 */
export function EvidenceGroups({ measurements, ranking }: { measurements: RawMeasurement[]; ranking: RankingGroupView[] }) {
  const b = measurementBlocks(measurements);
  const groupsOf = (kind: RankingGroupView["kind"], key?: string) => ranking.filter((g) => g.kind === kind && (key === undefined || g.key === key));
  const pairs = pairLines(b.pairs, groupsOf("pairwise"));
  const right = (groups: RankingGroupView[]) => groups.map((g, i) => <RankingGroup key={i} group={g} />);
  return (
    <div className="space-y-4">
      <div className="hidden grid-cols-2 gap-4 text-xs font-semibold uppercase tracking-wide text-slate-500 md:grid" aria-hidden>
        <span>Measured</span>
        <span>Became</span>
      </div>
      {b.scores.map(([metric, rows]) => (
        <Row key={`s:${metric}`} label={`score ${metric}`} left={<ScoreTable rows={rows} />} right={right(groupsOf("score", metric))} />
      ))}
      {b.tests.map(([criterion, rows]) => (
        <Row key={`u:${criterion}`} label={`unit test ${criterion}`} left={<UnitTestTable rows={rows} />} right={right(groupsOf("unit_test", criterion))} />
      ))}
      {b.rankings.map((line) => (
        <Row key={`r:${line.metric}`} label={`ranking ${line.metric}`} left={<RankingLine line={line} />} right={right(groupsOf("ranking", line.metric))} />
      ))}
      {pairs.slice(0, PAIRWISE_INLINE).map(({ line, group }, i) => (
        <Row key={`p:${i}`} label={`pairwise ${line.model_a} vs ${line.model_b}`} left={<PairwiseLine line={line} />} right={group ? right([group]) : null} />
      ))}
      {pairs.length > PAIRWISE_INLINE && <MorePairwise pairs={pairs.slice(PAIRWISE_INLINE)} />}
    </div>
  );
}
