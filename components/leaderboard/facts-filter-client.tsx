"use client";

// Filters the ranked models by their facts (open weights, parameter range, organization); applying
// puts the parameters of GET /api/leaderboard in the URL, so the server recomputes.
import type { ParamRecord } from "@/lib/selection/url";

const field = "mt-1 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm shadow-sm";

export function FactsFilter({ current, onApply }: { current: URLSearchParams; onApply: (changes: ParamRecord) => void }) {
  const key = current.toString();
  return (
    <form
      key={key}
      aria-label="Filter models by facts"
      className="flex flex-wrap items-end gap-2"
      data-testid="facts-filter"
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const text = (name: string) => String(f.get(name) ?? "").trim() || null;
        onApply({
          open_weights: text("open_weights"),
          min_params_b: text("min_params_b"),
          max_params_b: text("max_params_b"),
          organization: (text("organization") ?? "")
            .split(",")
            .map((o) => o.trim())
            .filter(Boolean),
        });
      }}
    >
      <div>
        <label htmlFor="open_weights" className="block text-xs font-medium text-slate-600">
          Weights
        </label>
        <select id="open_weights" name="open_weights" defaultValue={current.get("open_weights") ?? ""} className={field}>
          <option value="">any</option>
          <option value="true">open</option>
          <option value="false">closed</option>
        </select>
      </div>
      <div>
        <label htmlFor="min_params_b" className="block text-xs font-medium text-slate-600">
          Params ≥ (B)
        </label>
        <input id="min_params_b" name="min_params_b" type="number" min={0} step="any" defaultValue={current.get("min_params_b") ?? ""} className={`w-20 ${field}`} />
      </div>
      <div>
        <label htmlFor="max_params_b" className="block text-xs font-medium text-slate-600">
          Params ≤ (B)
        </label>
        <input id="max_params_b" name="max_params_b" type="number" min={0} step="any" defaultValue={current.get("max_params_b") ?? ""} className={`w-20 ${field}`} />
      </div>
      <div>
        <label htmlFor="organization" className="block text-xs font-medium text-slate-600">
          Organization (comma-separated)
        </label>
        <input id="organization" name="organization" defaultValue={current.getAll("organization").join(", ")} className={`w-44 ${field}`} />
      </div>
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
        Filter models
      </button>
    </form>
  );
}
