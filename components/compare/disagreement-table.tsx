import type { Comparison } from "@/lib/compare/compare";
import { MISSING } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import { Badge } from "@/components/ui/badge";
import { SampleLink } from "@/components/evidence/sample-link";
import { SampleThumbnail } from "@/components/evidence/sample-thumbnail";
import { DataTable } from "@/components/table/data-table";

const KIND: Record<string, string> = { score: "score", unit_test: "unit test", ranking: "ranking", pairwise: "pairwise" };

type Row = Comparison["disagreements"][number];
const col = columnsOf<Row>();

/** The samples whose orderings most contradict the compared models' overall order. */
export function DisagreementTable({ rows, models }: { rows: Row[]; models: string[] }) {
  const outcome = (d: Row, m: string) => d.outcomes.find((x) => x.model === m);
  const columns = col.columns([
    col.accessor("sample_id", {
      header: "Sample",
      meta: { rowHeader: true, className: "max-w-sm" },
      cell: ({ row: { original: d } }) => (
        <>
          <SampleLink id={d.sample_id} className="font-medium" />
          {d.leader_lost && (
            <span className="ml-2">
              <Badge tone="amber">leader lost</Badge>
            </span>
          )}
          <span className="mt-0.5 flex items-start gap-2">
            <SampleThumbnail image={d.image} id={d.sample_id} size={48} />
            <span className="line-clamp-2 text-xs text-slate-600">{d.input}</span>
          </span>
        </>
      ),
    }),
    col.accessor("key", {
      header: "Measured by",
      meta: { cellClassName: "text-xs text-slate-600" },
      cell: ({ row: { original: d } }) => `${KIND[d.kind] ?? d.kind} “${d.key}”`,
    }),
    ...models.map((m, i) =>
      col.accessor((d) => outcome(d, m)?.label ?? MISSING, {
        id: `m${i}`,
        header: m,
        meta: { align: "right", cellProps: (d: Row) => ({ className: outcome(d, m)?.place === 1 ? "font-semibold text-emerald-700" : undefined }) },
      }),
    ),
  ]);
  return (
    <DataTable
      testId="disagreements"
      caption="Outcome of each model on the sample (value, place in a ranking, or pairwise result; — = no result). Sorted by the overall score gap the upsets overturn."
      className="w-full min-w-[720px]"
      rows={rows}
      columns={columns}
      rowId={(d) => d.sample_id}
      rowProps={() => ({ "data-testid": "disagreement-row" })}
    />
  );
}
