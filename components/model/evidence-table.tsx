import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { plural } from "@/lib/format";
import type { EvidenceSample } from "@/lib/models/evidence";
import { sampleHref } from "@/lib/samples/links";

const th = "px-2 py-1.5 text-left text-xs font-medium text-slate-500";

function Record({ s }: { s: EvidenceSample }) {
  const tone = s.beats > s.loses_to ? "green" : s.beats < s.loses_to ? "red" : "slate";
  return (
    <Badge tone={tone}>
      beat {s.beats} · lost to {s.loses_to}
      {s.ties > 0 ? ` · tied ${s.ties}` : ""}
    </Badge>
  );
}

/** The samples behind a leaderboard row: each with the model's raw outcome, linking to the sample page. */
export function EvidenceTable({ samples, model }: { samples: EvidenceSample[]; model: string }) {
  const showSimilarity = samples.some((s) => s.similarity !== null);
  return (
    <div className="max-h-[36rem] overflow-auto rounded border border-slate-100" tabIndex={0} aria-label={`Samples behind the row of ${model} (scrollable)`}>
      <table className="w-full min-w-[720px] text-sm" data-testid="evidence-table">
        <caption className="sr-only">Samples behind the leaderboard row of {model}, with its outcome on each</caption>
        <thead className="sticky top-0 z-10 bg-white shadow-[0_1px_0_#e2e8f0]">
          <tr>
            <th scope="col" className={th}>Sample</th>
            <th scope="col" className={th}>Input</th>
            <th scope="col" className={th}>{model}&apos;s outcome</th>
            <th scope="col" className={th}>
              Against the other models
            </th>
            {showSimilarity && <th scope="col" className={`${th} text-right`}>Similarity</th>}
          </tr>
        </thead>
        <tbody>
          {samples.map((s) => (
            <tr key={s.id} className="border-b border-slate-100 align-top last:border-0" data-testid="evidence-row">
              <th scope="row" className="whitespace-nowrap px-2 py-1.5 text-left font-normal">
                <Link href={sampleHref(s.id)} className="text-indigo-700 underline-offset-2 hover:underline">
                  {s.id}
                </Link>
              </th>
              <td className="max-w-md px-2 py-1.5 text-slate-700">
                <span className="line-clamp-2">{s.input}</span>
              </td>
              <td className="px-2 py-1.5">
                <ul className="space-y-0.5" aria-label={`outcomes on ${s.id}`}>
                  {s.outcomes.slice(0, 4).map((o, i) => (
                    <li key={i} className="whitespace-nowrap" data-testid="evidence-outcome">
                      <span className="text-slate-500">{o.key}:</span> <span className="font-medium tabular-nums">{o.label}</span>
                    </li>
                  ))}
                  {s.outcomes.length > 4 && <li className="text-xs text-slate-500">and {plural(s.outcomes.length - 4, "more group")}</li>}
                </ul>
              </td>
              <td className="px-2 py-1.5">
                <Record s={s} />
              </td>
              {showSimilarity && <td className="px-2 py-1.5 text-right tabular-nums">{s.similarity?.toFixed(3) ?? "—"}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
