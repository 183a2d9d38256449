// Choose which models take part in the ranking (the `models` parameter). A disclosure with
// checkboxes; nothing changes until Apply, since every change recomputes the leaderboard.
import { useState } from "react";

export function ModelPicker({ models, selected, onApply }: { models: string[]; selected: string[]; onApply: (models: string[]) => void }) {
  const [checked, setChecked] = useState<Set<string>>(() => new Set(selected.length ? selected : models));
  const label = selected.length ? `${selected.length} of ${models.length} models` : `All ${models.length} models`;
  const toggle = (m: string) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(m)) next.delete(m);
      else next.add(m);
      return next;
    });
  const apply = () => {
    const chosen = models.filter((m) => checked.has(m));
    onApply(chosen.length === models.length ? [] : chosen);
  };
  return (
    <details className="group relative">
      <summary className="cursor-pointer list-none rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm shadow-sm hover:bg-slate-50">
        <span className="block text-xs font-medium text-slate-600">Models in the ranking</span>
        <span className="text-slate-900">{label}</span> <span aria-hidden className="text-slate-500">▾</span>
      </summary>
      <fieldset className="absolute z-20 mt-1 max-h-80 w-72 overflow-y-auto rounded-md border border-slate-200 bg-white p-3 shadow-lg">
        <legend className="sr-only">Models to rank</legend>
        <div className="mb-2 flex gap-3 text-xs">
          <button type="button" className="text-indigo-700 hover:underline" onClick={() => setChecked(new Set(models))}>
            Select all
          </button>
          <button type="button" className="text-indigo-700 hover:underline" onClick={() => setChecked(new Set())}>
            Clear
          </button>
        </div>
        <ul className="space-y-1 text-sm">
          {models.map((m) => (
            <li key={m}>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={checked.has(m)} onChange={() => toggle(m)} className="h-4 w-4 accent-indigo-600" />
                {m}
              </label>
            </li>
          ))}
        </ul>
        <button type="button" onClick={apply} disabled={checked.size < 2} className="mt-3 w-full rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50">
          Rank {checked.size} model{checked.size === 1 ? "" : "s"}
        </button>
      </fieldset>
    </details>
  );
}
