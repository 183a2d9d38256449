import type { ListedSample } from "@/lib/samples/list";
import { formatSimilarity } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import { Badge } from "@/components/ui/badge";
import { DataTable, VIRTUAL_ABOVE } from "@/components/table/data-table";
import { SampleLink } from "./sample-link";
import { SampleThumbnail } from "./sample-thumbnail";

const col = columnsOf<ListedSample>();

const COLUMNS = col.columns([
  col.accessor("id", {
    header: "Sample",
    meta: { rowHeader: true, className: "whitespace-nowrap" },
    cell: ({ row: { original: s } }) => (
      <>
        <SampleLink id={s.id} />
        <span className="block text-xs text-slate-500">{s.task ?? s.benchmark}</span>
      </>
    ),
  }),
  col.accessor("input", {
    header: "Input",
    meta: { cellClassName: "max-w-xl text-slate-700" },
    cell: ({ row: { original: s } }) => (
      <span className="flex items-start gap-2">
        <SampleThumbnail image={s.image} id={s.id} size={48} />
        <span className="line-clamp-3">{s.input}</span>
      </span>
    ),
  }),
  col.accessor("tags", {
    header: "Tags",
    cell: ({ getValue }) => (
      <span className="flex flex-wrap gap-1">
        {getValue()
          .slice(0, 3)
          .map((t) => (
            <Badge key={t}>{t}</Badge>
          ))}
      </span>
    ),
  }),
  col.accessor("similarity", { header: "Similarity", meta: { align: "right" }, cell: ({ getValue }) => formatSimilarity(getValue()) }),
]);

/** Retrieved samples, best first, each linking to its evidence page; a long page (up to 1,000) scrolls in its own box. */
export function SampleListTable({ samples }: { samples: ListedSample[] }) {
  return (
    <DataTable
      testId="sample-list"
      className="w-full min-w-[640px]"
      rows={samples}
      columns={COLUMNS}
      rowId={(s) => s.id}
      hidden={samples.some((s) => s.similarity !== null) ? [] : ["similarity"]}
      scroll={samples.length > VIRTUAL_ABOVE ? { maxHeight: "48rem", label: "Samples (scrollable)", rowHeight: 76 } : undefined}
    />
  );
}
