import type { RawMeasurement } from "@/lib/samples/raw-measurements";
import { formatValue } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import { DataTable } from "@/components/table/data-table";
import { ModelLink } from "./model-link";

type Score = Extract<RawMeasurement, { type: "score" }>;
type UnitTest = Extract<RawMeasurement, { type: "unit_test" }>;
type Pairwise = Extract<RawMeasurement, { type: "pairwise" }>;
type Ranking = Extract<RawMeasurement, { type: "ranking" }>;

function groupBy<T>(items: T[], key: (t: T) => string): [string, T[]][] {
  const m = new Map<string, T[]>();
  for (const it of items) m.set(key(it), [...(m.get(key(it)) ?? []), it]);
  return [...m];
}

interface ValueRow {
  model: string;
  value: number;
}

const col = columnsOf<ValueRow>();
const VALUE_COLUMNS = col.columns([
  col.accessor("model", { header: "Model", cell: ({ getValue }) => <ModelLink name={getValue()} /> }),
  col.accessor("value", { header: "Value", meta: { align: "right", cellProps: () => ({ "data-testid": "measurement-value" }) }, cell: ({ getValue }) => formatValue(getValue()) }),
]);

/** Every model's value on one metric or criterion of the sample. */
function ValueTable({ caption, rows }: { caption: React.ReactNode; rows: ValueRow[] }) {
  return (
    <DataTable
      testId="measurement-table"
      caption={caption}
      captionClassName="pb-1 text-left text-sm font-semibold text-slate-800"
      className="w-full"
      rows={rows}
      columns={VALUE_COLUMNS}
      rowId={(r) => r.model}
      rowProps={(r) => ({ "data-model": r.model })}
    />
  );
}

export function ScoreTable({ rows }: { rows: Score[] }) {
  return (
    <ValueTable
      caption={<>score <code>{rows[0].metric}</code> <span className="font-normal text-slate-500">({rows[0].higher_is_better ? "higher" : "lower"} is better)</span></>}
      rows={rows}
    />
  );
}

export function UnitTestTable({ rows }: { rows: UnitTest[] }) {
  return (
    <ValueTable
      caption={<>unit test “{rows[0].criterion}” <span className="font-normal text-slate-500">(scale {rows[0].scale[0]}–{rows[0].scale[1]})</span></>}
      rows={rows}
    />
  );
}

export function RankingLine({ line }: { line: Ranking }) {
  return (
    <div data-testid="measurement-table">
      <h3 className="pb-1 text-sm font-semibold text-slate-800">ranking <code>{line.metric}</code> <span className="font-normal text-slate-500">(as judged, best first)</span></h3>
      <ol className="list-decimal space-y-0.5 pl-6 text-sm">
        {line.ranking.map((tier, i) => (
          <li key={i}>{tier.map((m, j) => <span key={m}>{j > 0 && " = "}<ModelLink name={m} /></span>)}</li>
        ))}
      </ol>
    </div>
  );
}

/** One pairwise line as stored: "A vs B: winner (p_a)". */
export function PairwiseLine({ line }: { line: Pairwise }) {
  return (
    <p className="text-sm" data-testid="measurement-table">
      <span className="font-semibold text-slate-800">pairwise</span>{line.id && <span className="text-xs text-slate-500"> {line.id}</span>}:{" "}
      <ModelLink name={line.model_a} /> vs <ModelLink name={line.model_b} /> → {line.winner === "tie" ? "tie" : <>winner <strong>{line.winner === "a" ? line.model_a : line.model_b}</strong></>}
      {line.p_a !== null && <span className="text-slate-600"> (p_a = {formatValue(line.p_a)})</span>}
    </p>
  );
}

export interface MeasurementBlocks {
  scores: [string, Score[]][];
  tests: [string, UnitTest[]][];
  rankings: Ranking[];
  pairs: Pairwise[];
}

/** The stored measurements split the way they are ranked: per metric, criterion, ranking, and the pairwise lines. */
export function measurementBlocks(measurements: RawMeasurement[]): MeasurementBlocks {
  return {
    scores: groupBy(measurements.filter((m): m is Score => m.type === "score"), (m) => m.metric),
    tests: groupBy(measurements.filter((m): m is UnitTest => m.type === "unit_test"), (m) => m.criterion),
    rankings: measurements.filter((m): m is Ranking => m.type === "ranking"),
    pairs: measurements.filter((m): m is Pairwise => m.type === "pairwise"),
  };
}
