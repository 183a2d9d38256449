import Link from "next/link";
import { formatCi, formatScore } from "@/lib/format";
import { ModelLink } from "@/components/evidence/model-link";
import type { Standing } from "@/lib/models/profile";

const th = "px-2 py-1.5 text-left text-xs font-medium text-slate-500";

/** The model's standing per benchmark or tag, strongest first, each linking to that leaderboard. */
/** `baseline`: the page's anchor; a subset where it has no data is fitted against another model, said on its row. */
export function StandingsTable({ rows, kind, model, baseline }: { rows: Standing[]; kind: "benchmark" | "tag"; model: string; baseline: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[640px] text-sm" data-testid={`standings-${kind}`}>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={th}>{kind === "benchmark" ? "Benchmark" : "Tag"}</th>
            <th scope="col" className={`${th} text-right`}>Rank</th>
            <th scope="col" className={`${th} text-right`}>Score</th>
            <th scope="col" className={th}>95% CI</th>
            <th scope="col" className={`${th} text-right`}>Samples</th>
            <th scope="col" className={th}>Leader there</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const qs = `${kind}=${encodeURIComponent(r.name)}`;
            return (
              <tr key={r.name} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-2 py-1.5 text-left font-normal">
                  <Link href={`/models/${encodeURIComponent(model)}?${qs}`} className="text-indigo-700 underline-offset-2 hover:underline">
                    {r.name}
                  </Link>
                  {r.baseline !== baseline && <span className="block text-xs text-amber-700">relative to {r.baseline} (no data for {baseline})</span>}
                </th>
                <td className="px-2 py-1.5 text-right tabular-nums">
                  {r.rank ?? "—"} <span className="text-slate-400">/ {r.n_models}</span>
                </td>
                <td className="px-2 py-1.5 text-right font-medium tabular-nums">{formatScore(r.score)}</td>
                <td className="px-2 py-1.5 tabular-nums text-slate-600">{formatCi(r.ci)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums" title={`${r.model_n_samples} of ${r.n_samples} samples have a result of ${model}`}>
                  {r.model_n_samples}
                  <span className="text-slate-400"> / {r.n_samples}</span>
                </td>
                <td className="px-2 py-1.5">{r.leader ? r.leader.model === model ? <span className="font-medium text-emerald-700">this model</span> : <ModelLink name={r.leader.model} query={qs} /> : "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
