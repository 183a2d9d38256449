"use client";

// What is computed: the ranking method (links, so each choice is a shareable URL), the baseline,
// which models take part, and the Plackett–Luce prior. Every change is a navigation: the server
// recomputes the leaderboard for the new URL.
import Link, { useLinkStatus } from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { withParams, type ParamRecord } from "@/lib/selection/url";
import { FactsFilter } from "./facts-filter-client";
import { ModelPicker } from "./model-picker";

interface Props {
  basePath: string;
  methods: { value: string; label: string }[];
  method: string;
  /** The method/baseline that need no URL parameter here (ad hoc: the portal's; saved: the stored ones). */
  defaultMethod: string;
  baseline: string;
  defaultBaseline: string;
  /** Candidates for the baseline: the models with a row. */
  models: string[];
  /** Every model of the pool, for the restriction picker. */
  allModels: string[];
  selectedModels: string[];
  prior: number | null;
  showPrior: boolean;
  /** Whether to offer the facts filters: some model has facts (a `model` line), or a filter is on (to clear it). */
  showFacts: boolean;
}

function Pending() {
  const { pending } = useLinkStatus();
  return pending ? <span aria-hidden className="ml-1 inline-block h-2 w-2 animate-pulse rounded-full bg-indigo-400" /> : null;
}

const field = "rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm shadow-sm";

export function LeaderboardControls(p: Props) {
  const router = useRouter();
  const [pending, start] = useTransition();
  // Read live: sorting and the row filter change the URL without a navigation.
  const current = new URLSearchParams(useSearchParams().toString());
  const href = (changes: ParamRecord) => withParams(p.basePath, current, changes);
  const go = (changes: ParamRecord) => start(() => router.push(href(changes), { scroll: false }));

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      {/* The methods wrap onto a second row on a phone rather than scroll out of sight. */}
      <nav aria-label="Ranking method">
        <ul className="flex flex-wrap gap-1 rounded-md bg-slate-100 p-1 text-sm">
          {p.methods.map((m) => {
            const active = m.value === p.method;
            return (
              <li key={m.value}>
                <Link
                  href={href({ method: m.value === p.defaultMethod ? null : m.value })}
                  scroll={false}
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex items-center rounded px-3 py-1.5 font-medium ${active ? "bg-white text-indigo-700 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
                >
                  {m.label}
                  <Pending />
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <div>
          <label htmlFor="baseline" className="block text-xs font-medium text-slate-600">
            Baseline (fixed at 0)
          </label>
          <select id="baseline" value={p.baseline} onChange={(e) => go({ baseline: e.target.value === p.defaultBaseline ? null : e.target.value })} className={`mt-1 ${field}`}>
            {p.models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
        <ModelPicker models={p.allModels} selected={p.selectedModels} onApply={(models) => go({ models })} />
        {p.showFacts && <FactsFilter current={current} onApply={go} />}
        {p.showPrior && (
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const v = String(new FormData(e.currentTarget).get("prior") ?? "").trim();
              go({ prior: v === "" ? null : v });
            }}
          >
            <div>
              <label htmlFor="prior" className="block text-xs font-medium text-slate-600">
                Prior strength
              </label>
              <input id="prior" name="prior" type="number" min={0} max={1000} step="any" defaultValue={p.prior ?? ""} key={p.prior ?? ""} className={`mt-1 w-24 ${field}`} />
            </div>
            <button type="submit" className="rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
              Apply
            </button>
          </form>
        )}
        <p aria-live="polite" className="pb-1.5 text-sm text-indigo-700">
          {pending ? "Computing…" : ""}
        </p>
      </div>
    </div>
  );
}
