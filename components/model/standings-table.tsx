import Link from "next/link";
import { formatCi, formatCount, formatScore, MISSING } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import type { Standing } from "@/lib/models/profile";
import { AnchorNote } from "@/components/evidence/anchor-note";
import { ModelLink } from "@/components/evidence/model-link";
import { DataTable } from "@/components/table/data-table";

const col = columnsOf<Standing>();

/**
 * The model's standing per benchmark or tag, strongest first, each linking to that leaderboard.
 * `baseline`: the page's anchor; a subset where it has no data is fitted against another model, said on its row.
 */
export function StandingsTable({ rows, kind, model, baseline }: { rows: Standing[]; kind: "benchmark" | "tag"; model: string; baseline: string }) {
  const qs = (r: Standing) => `${kind}=${encodeURIComponent(r.name)}`;
  const columns = col.columns([
    col.accessor("name", {
      header: kind === "benchmark" ? "Benchmark" : "Tag",
      meta: { rowHeader: true },
      cell: ({ row: { original: r } }) => (
        <>
          <Link href={`/models/${encodeURIComponent(model)}?${qs(r)}`} className="text-indigo-700 underline-offset-2 hover:underline">
            {r.name}
          </Link>
          <AnchorNote anchor={r.baseline} wanted={baseline} />
        </>
      ),
    }),
    col.accessor("rank", {
      header: "Rank",
      meta: { align: "right" },
      cell: ({ row: { original: r } }) => (
        <>
          {r.rank ?? MISSING} <span className="text-slate-500">/ {formatCount(r.n_models)}</span>
        </>
      ),
    }),
    col.accessor("score", { header: "Score", meta: { align: "right", cellClassName: "font-medium" }, cell: ({ getValue }) => formatScore(getValue()) }),
    col.accessor("ci", { header: "95% CI", meta: { cellClassName: "whitespace-nowrap tabular-nums text-slate-600" }, cell: ({ getValue }) => formatCi(getValue()) }),
    col.accessor("model_n_samples", {
      header: "Samples",
      meta: { align: "right", cellProps: (r) => ({ title: `${r.model_n_samples} of ${r.n_samples} samples have a result of ${model}` }) },
      cell: ({ row: { original: r } }) => (
        <>
          {formatCount(r.model_n_samples)}
          <span className="text-slate-500"> / {formatCount(r.n_samples)}</span>
        </>
      ),
    }),
    col.accessor("leader", {
      header: "Leader there",
      cell: ({ row: { original: r } }) =>
        !r.leader ? MISSING : r.leader.model === model ? <span className="font-medium text-emerald-700">this model</span> : <ModelLink name={r.leader.model} query={qs(r)} />,
    }),
  ]);
  return <DataTable testId={`standings-${kind}`} className="w-full min-w-[640px]" rows={rows} columns={columns} rowId={(r) => r.name} />;
}
