import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { Comparison } from "@/lib/compare/compare";
import { sampleHref } from "@/lib/samples/links";

const KIND: Record<string, string> = { score: "score", unit_test: "unit test", ranking: "ranking", pairwise: "pairwise" };

/** The samples whose orderings most contradict the compared models' overall order. */
export function DisagreementTable({ rows, models }: { rows: Comparison["disagreements"]; models: string[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[720px] text-sm" data-testid="disagreements">
        <caption className="pb-2 text-left text-xs text-slate-500">
          Outcome of each model on the sample (value, place in a ranking, or pairwise result; — = no result). Sorted by the overall score gap the upsets overturn.
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-2 py-1.5 text-left text-xs font-medium text-slate-500">Sample</th>
            <th scope="col" className="px-2 py-1.5 text-left text-xs font-medium text-slate-500">Measured by</th>
            {models.map((m) => (
              <th key={m} scope="col" className="px-2 py-1.5 text-right text-xs font-medium text-slate-500">{m}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.sample_id} className="border-b border-slate-100 align-top last:border-0" data-testid="disagreement-row">
              <th scope="row" className="max-w-sm px-2 py-1.5 text-left font-normal">
                <Link href={sampleHref(d.sample_id)} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
                  {d.sample_id}
                </Link>
                {d.leader_lost && (
                  <span className="ml-2">
                    <Badge tone="amber">leader lost</Badge>
                  </span>
                )}
                <span className="mt-0.5 line-clamp-2 text-xs text-slate-600">{d.input}</span>
              </th>
              <td className="px-2 py-1.5 text-xs text-slate-600">
                {KIND[d.kind] ?? d.kind} “{d.key}”
              </td>
              {models.map((m) => {
                const o = d.outcomes.find((x) => x.model === m);
                return (
                  <td key={m} className={`px-2 py-1.5 text-right tabular-nums ${o?.place === 1 ? "font-semibold text-emerald-700" : ""}`}>
                    {o?.label ?? "—"}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
