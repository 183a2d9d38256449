// A group of checkboxes for one repeatable filter (benchmark, task, tag), folded into a
// disclosure that says how many are chosen; open when any is.
import { formatCount } from "@/lib/format";

export function FilterGroup({ name, legend, options, selected }: { name: string; legend: string; options: { value: string; count?: number }[]; selected: string[] }) {
  const chosen = new Set(selected);
  return (
    <details open={selected.length > 0} className="rounded-md border border-slate-200 bg-white">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
        {legend} <span className="font-normal text-slate-500">({selected.length ? `${selected.length} chosen` : "any"})</span>
      </summary>
      <fieldset className="max-h-56 overflow-y-auto border-t border-slate-100 px-3 py-2">
        <legend className="sr-only">{legend}</legend>
        <ul className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          {options.map((o) => (
            <li key={o.value}>
              <label className="flex items-center gap-2">
                <input type="checkbox" name={name} value={o.value} defaultChecked={chosen.has(o.value)} className="h-4 w-4 shrink-0 accent-indigo-600" />
                <span className="min-w-0 truncate">{o.value}</span>
                {o.count !== undefined && <span className="text-xs tabular-nums text-slate-500">{formatCount(o.count)}</span>}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </details>
  );
}
