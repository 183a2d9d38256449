import { Badge } from "@/components/ui/badge";
import type { Selection } from "@/lib/selection/schema";

/** The parameters that selected the samples, as chips ("all samples" when none). */
export function SelectionSummary({ selection }: { selection: Selection }) {
  const chips: [string, string][] = [];
  if (selection.q) chips.push(["query", `“${selection.q}”`]);
  for (const b of selection.benchmark) chips.push(["benchmark", b]);
  for (const t of selection.task) chips.push(["task", t]);
  for (const t of selection.tag) chips.push(["tag", t]);
  for (const m of selection.meta) chips.push(["meta", m]);
  if (selection.k !== undefined) chips.push(["k", String(selection.k)]);
  if (selection.threshold !== undefined) chips.push(["similarity ≥", String(selection.threshold)]);
  if (chips.length === 0) return <span data-testid="selection-summary">all samples</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="selection-summary">
      {chips.map(([k, v], i) => (
        <Badge key={i} tone="indigo">
          <span className="font-normal text-indigo-700">{k}</span>&nbsp;{v}
        </Badge>
      ))}
    </span>
  );
}
