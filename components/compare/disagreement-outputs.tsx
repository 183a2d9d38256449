import type { Comparison } from "@/lib/compare/compare";
import { MISSING, plural } from "@/lib/format";
import { SampleLink } from "@/components/evidence/sample-link";
import { FoldedOutput } from "@/components/evidence/folded-output-client";

type Row = Comparison["disagreements"][number];

/** One disagreement: every compared model's output in one column each, with its outcome above. */
function Outputs({ d, models }: { d: Row; models: string[] }) {
  const present = models.filter((m) => d.outputs.some((o) => o.model === m));
  return (
    <li className="border-t border-slate-100 pt-3 first:border-0 first:pt-0" data-testid="disagreement-outputs">
      <p className="mb-2 text-sm">
        <SampleLink id={d.sample_id} className="font-medium" /> <span className="text-xs text-slate-500">{d.key}</span>
      </p>
      <div className="grid gap-3" style={{ gridTemplateColumns: `repeat(${Math.min(present.length, 3)}, minmax(0, 1fr))` }}>
        {present.map((m) => (
          <div key={m} className="min-w-0" data-model={m}>
            <p className="mb-1 text-sm font-semibold text-slate-800">
              {m} <span className="font-normal text-slate-500">· {d.outcomes.find((o) => o.model === m)?.label ?? MISSING}</span>
            </p>
            {d.outputs
              .filter((o) => o.model === m)
              .map((o, i) => (
                <div key={i}>
                  {o.judge && <p className="text-xs text-slate-500">judge {o.judge}</p>}
                  <FoldedOutput text={o.output} label={`output of ${m} on ${d.sample_id}`} />
                  {o.length > o.output.length && <p className="text-xs text-slate-500">{o.length.toLocaleString("en-US")} characters in all: the sample page has it whole.</p>}
                </div>
              ))}
          </div>
        ))}
      </div>
    </li>
  );
}

/** The compared models' outputs side by side on the samples where they disagree (those that stored outputs). */
export function DisagreementOutputs({ rows, models }: { rows: Row[]; models: string[] }) {
  const withOutputs = rows.filter((d) => d.outputs.length > 0);
  if (withOutputs.length === 0) return null;
  return (
    <details className="mt-4" open>
      <summary className="cursor-pointer text-sm font-semibold text-slate-800">Their outputs side by side ({plural(withOutputs.length, "sample")})</summary>
      <ul className="mt-3 space-y-3">
        {withOutputs.map((d) => (
          <Outputs key={`${d.sample_id}\u0000${d.key}`} d={d} models={models} />
        ))}
      </ul>
    </details>
  );
}
