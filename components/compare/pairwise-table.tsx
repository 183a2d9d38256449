import type { PairRecord } from "@/lib/compare/pairwise";
import { formatCount, formatPercent } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import { DataTable } from "@/components/table/data-table";

interface PairRow {
  a: string;
  b: string;
  rec: PairRecord | undefined;
  fitted: number | null;
}

const col = columnsOf<PairRow>();
const count = (key: "wins" | "losses" | "ties" | "n", header: string) =>
  col.accessor((r) => r.rec?.[key] ?? 0, { id: key, header, meta: { align: "right" }, cell: ({ getValue }) => formatCount(getValue()) });

const COLUMNS = col.columns([
  col.accessor("a", { header: "Model A" }),
  col.accessor("b", { header: "Model B" }),
  count("wins", "A wins"),
  count("losses", "B wins"),
  count("ties", "Ties"),
  count("n", "n"),
  col.accessor((r) => r.rec?.rate ?? null, { id: "rate", header: "A's win rate", meta: { align: "right", cellClassName: "font-medium" }, cell: ({ getValue }) => formatPercent(getValue()) }),
  col.accessor("fitted", { header: "Fitted P(A beats B)", meta: { align: "right", cellClassName: "text-slate-600" }, cell: ({ getValue }) => formatPercent(getValue()) }),
]);

/** Empirical records per pair of models next to the fitted probability, one row per pair. */
export function PairwiseTable({ models, pairs, p }: { models: string[]; pairs: PairRecord[]; p: (number | null)[][] }) {
  const rows: PairRow[] = [];
  for (let i = 0; i < models.length; i++) {
    for (let j = i + 1; j < models.length; j++) {
      rows.push({ a: models[i], b: models[j], rec: pairs.find((r) => r.model === models[i] && r.opponent === models[j]), fitted: p[i]?.[j] ?? null });
    }
  }
  return (
    <DataTable
      testId="pairwise-table"
      caption="Counted on every sample-level ordering (metric, criterion, ranking) and pairwise line holding both models; win rate = (wins + ties/2) / n."
      className="w-full min-w-[560px]"
      rows={rows}
      columns={COLUMNS}
      rowId={(r) => `${r.a}|${r.b}`}
      rowProps={(r) => ({ "data-testid": "pairwise-row", "data-a": r.a, "data-b": r.b })}
    />
  );
}
