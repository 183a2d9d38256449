import { formatCi, formatScore } from "@/lib/format";
import type { SubsetScores } from "@/lib/compare/compare";

/** The numbers behind the grouped bars: score (and interval) per benchmark or tag and model. */
/** `baseline`: the page's anchor; a subset where it has no data is fitted against another model, said on its row. */
export function SubsetTable({ rows, models, kind, baseline }: { rows: SubsetScores[]; models: string[]; kind: string; baseline: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={`subset-table-${kind}`}>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-2 py-1.5 text-left text-xs font-medium text-slate-500">{kind}</th>
            <th scope="col" className="px-2 py-1.5 text-right text-xs font-medium text-slate-500">Samples</th>
            {models.map((m) => (
              <th key={m} scope="col" className="px-2 py-1.5 text-right text-xs font-medium text-slate-500">{m}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const best = Math.max(...r.scores.map((s) => s.score ?? -Infinity));
            return (
              <tr key={r.name} className="border-b border-slate-100 last:border-0" data-subset={r.name}>
                <th scope="row" className="px-2 py-1.5 text-left font-normal">
                  {r.name}
                  {r.baseline !== baseline && <span className="block text-xs text-amber-700">relative to {r.baseline} (no data for {baseline})</span>}
                </th>
                <td className="px-2 py-1.5 text-right tabular-nums">{r.n_samples}</td>
                {r.scores.map((s) => (
                  <td key={s.model} className={`px-2 py-1.5 text-right tabular-nums ${s.score === best ? "font-semibold text-emerald-700" : ""}`} title={`95% CI ${formatCi(s.ci)} · ${s.n_samples} samples`}>
                    {formatScore(s.score)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
