import { formatCi, formatCount, formatScore } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import type { SubsetScores } from "@/lib/compare/compare";
import { AnchorNote } from "@/components/evidence/anchor-note";
import { DataTable } from "@/components/table/data-table";

const col = columnsOf<SubsetScores>();

/**
 * The numbers behind the grouped bars: score (and interval) per benchmark or tag and model.
 * `baseline`: the page's anchor; a subset where it has no data is fitted against another model, said on its row.
 */
export function SubsetTable({ rows, models, kind, baseline }: { rows: SubsetScores[]; models: string[]; kind: string; baseline: string }) {
  const best = (r: SubsetScores) => Math.max(...r.scores.map((s) => s.score ?? -Infinity));
  const columns = col.columns([
    col.accessor("name", {
      header: kind,
      meta: { rowHeader: true },
      cell: ({ row: { original: r } }) => (
        <>
          {r.name}
          <AnchorNote anchor={r.baseline} wanted={baseline} />
        </>
      ),
    }),
    col.accessor("n_samples", { header: "Samples", meta: { align: "right" }, cell: ({ getValue }) => formatCount(getValue()) }),
    // Ids by position: model names may hold dots, which TanStack reads as paths.
    ...models.map((m, i) =>
      col.accessor((r) => r.scores[i]?.score ?? null, {
        id: `m${i}`,
        header: m,
        meta: {
          align: "right",
          cellProps: (r: SubsetScores) => {
            const s = r.scores[i];
            return { title: `95% CI ${formatCi(s?.ci)} · ${formatCount(s?.n_samples ?? 0)} samples`, className: s && s.score === best(r) ? "font-semibold text-emerald-700" : undefined };
          },
        },
        cell: ({ getValue }) => formatScore(getValue()),
      }),
    ),
  ]);
  return <DataTable testId={`subset-table-${kind}`} className="w-full" rows={rows} columns={columns} rowId={(r) => r.name} rowProps={(r) => ({ "data-subset": r.name })} />;
}
