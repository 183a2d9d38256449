import { formatPercent } from "@/lib/format";
import type { PairRecord } from "@/lib/compare/pairwise";

const th = "px-2 py-1.5 text-left text-xs font-medium text-slate-500";

/** Empirical records per pair of models next to the fitted probability, one row per pair. */
export function PairwiseTable({ models, pairs, p }: { models: string[]; pairs: PairRecord[]; p: (number | null)[][] }) {
  const rows: { a: string; b: string; rec: PairRecord | undefined; fitted: number | null }[] = [];
  for (let i = 0; i < models.length; i++) {
    for (let j = i + 1; j < models.length; j++) {
      rows.push({ a: models[i], b: models[j], rec: pairs.find((r) => r.model === models[i] && r.opponent === models[j]), fitted: p[i]?.[j] ?? null });
    }
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[560px] text-sm" data-testid="pairwise-table">
        <caption className="pb-2 text-left text-xs text-slate-500">
          Counted on every sample-level ordering (metric, criterion, ranking) and pairwise line holding both models; win rate = (wins + ties/2) / n.
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={th}>Model A</th>
            <th scope="col" className={th}>Model B</th>
            <th scope="col" className={`${th} text-right`}>A wins</th>
            <th scope="col" className={`${th} text-right`}>B wins</th>
            <th scope="col" className={`${th} text-right`}>Ties</th>
            <th scope="col" className={`${th} text-right`}>n</th>
            <th scope="col" className={`${th} text-right`}>A&apos;s win rate</th>
            <th scope="col" className={`${th} text-right`}>Fitted P(A beats B)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ a, b, rec, fitted }) => (
            <tr key={`${a}|${b}`} className="border-b border-slate-100 last:border-0" data-testid="pairwise-row" data-a={a} data-b={b}>
              <td className="px-2 py-1.5">{a}</td>
              <td className="px-2 py-1.5">{b}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{rec?.wins ?? 0}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{rec?.losses ?? 0}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{rec?.ties ?? 0}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{rec?.n ?? 0}</td>
              <td className="px-2 py-1.5 text-right font-medium tabular-nums">{formatPercent(rec?.rate ?? null)}</td>
              <td className="px-2 py-1.5 text-right tabular-nums text-slate-600">{formatPercent(fitted)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
