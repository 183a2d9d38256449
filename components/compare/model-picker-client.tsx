"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { formatScore } from "@/lib/format";

export interface PickerModel {
  model: string;
  rank: number | null;
  score: number | null;
}

/** Checkboxes of the selection's models; "Compare" puts the chosen set in the URL. */
export function ModelPicker({ available, selected, selectionQuery, min, max }: { available: PickerModel[]; selected: string[]; selectionQuery: string; min: number; max: number }) {
  const router = useRouter();
  const [chosen, setChosen] = useState<string[]>(selected);
  const [pending, startTransition] = useTransition();
  const valid = chosen.length >= min && chosen.length <= max;
  const changed = chosen.length !== selected.length || chosen.some((m) => !selected.includes(m));

  const toggle = (model: string) => setChosen((c) => (c.includes(model) ? c.filter((m) => m !== model) : [...c, model]));
  const go = (models: string[]) => {
    const sp = new URLSearchParams(selectionQuery);
    for (const m of models) sp.append("models", m);
    startTransition(() => router.push(`/compare?${sp.toString()}`));
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) go(chosen);
      }}
      aria-label="Choose the models to compare"
    >
      <fieldset>
        <legend className="sr-only">Models of this selection, by leaderboard rank</legend>
        <ul className="grid max-h-64 grid-cols-1 gap-x-4 gap-y-1 overflow-y-auto sm:grid-cols-2 lg:grid-cols-4" data-testid="model-picker">
          {available.map((m) => {
            const id = `pick-${m.model}`;
            return (
              <li key={m.model}>
                <label htmlFor={id} className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-50">
                  <input id={id} type="checkbox" className="h-4 w-4 accent-indigo-600" checked={chosen.includes(m.model)} onChange={() => toggle(m.model)} />
                  <span className="w-6 text-right text-xs tabular-nums text-slate-500">{m.rank ?? "—"}</span>
                  <span className="truncate">{m.model}</span>
                  <span className="ml-auto text-xs tabular-nums text-slate-500">{formatScore(m.score)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={!valid || !changed || pending}
          className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-slate-300"
        >
          {pending ? "Comparing…" : `Compare ${chosen.length} model${chosen.length === 1 ? "" : "s"}`}
        </button>
        <button type="button" onClick={() => setChosen(selected)} disabled={!changed || pending} className="text-sm text-slate-600 underline disabled:no-underline disabled:opacity-50">
          Reset
        </button>
        <button type="button" onClick={() => go([])} disabled={pending} className="text-sm text-slate-600 underline">
          Top 5
        </button>
        <span role="status" className="text-xs text-slate-500">
          {chosen.length < min ? `Choose at least ${min} models.` : chosen.length > max ? `At most ${max} models can be compared.` : `${chosen.length} chosen.`}
        </span>
      </div>
    </form>
  );
}
