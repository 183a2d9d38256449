// The query form: free text, metadata filters from the pool, k and the similarity threshold.
// A plain GET form to /query, so every query is a URL (next/form navigates client-side).
import Form from "next/form";
import Link from "next/link";
import type { Selection } from "@/lib/selection/schema";
import { FilterGroup } from "./filter-group";

export interface FilterOptions {
  benchmarks: { benchmark: string; samples: number; tasks: string[] }[];
  tags: { tag: string; samples: number }[];
}

const input = "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm";

export function QueryForm({ selection, options, error }: { selection: Selection; options: FilterOptions; error?: string | null }) {
  const tasks = [...new Set(options.benchmarks.flatMap((b) => b.tasks))].sort();
  return (
    <Form action="/query" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Query the pool">
      <div className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_9rem_11rem]">
        <div>
          <label htmlFor="q" className="block text-sm font-medium text-slate-800">
            Capability (free text)
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={selection.q ?? ""}
            placeholder='e.g. antibodies, "contract law" -tort, python AND sql tag:code'
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "q-error" : undefined}
            className={input}
          />
          {error && (
            <p id="q-error" role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="k" className="block text-sm font-medium text-slate-800">
            Max samples (k)
          </label>
          <input id="k" name="k" type="number" min={1} max={20000} defaultValue={selection.k ?? ""} placeholder="adaptive" className={input} />
        </div>
        <div>
          <label htmlFor="threshold" className="block text-sm font-medium text-slate-800">
            Min. similarity
          </label>
          <input id="threshold" name="threshold" type="number" min={-1} max={1} step="0.01" defaultValue={selection.threshold ?? ""} placeholder="adaptive" className={input} />
        </div>
        <div>
          <label htmlFor="modality" className="block text-sm font-medium text-slate-800">
            Samples
          </label>
          <select id="modality" name="modality" defaultValue={selection.modality ?? ""} className={input}>
            <option value="">text and image</option>
            <option value="text">text only</option>
            <option value="image">with an image</option>
          </select>
        </div>
      </div>
      <p className="-mt-2 text-xs text-slate-500">
        By default the text retrieves the samples that stand clearly above the pool&apos;s background similarity for it, or carry its words as a tag or task; k
        and a minimum similarity override that cut. &quot;Quoted phrases&quot;, -word, benchmark:, task:, tag:, meta.KEY: and AND/OR work in the box; without text,
        every sample matching the filters is used (k and the minimum similarity bound only what the text retrieves).
      </p>
      <div className="grid gap-3 lg:grid-cols-3">
        <FilterGroup name="benchmark" legend="Benchmarks" options={options.benchmarks.map((b) => ({ value: b.benchmark, count: b.samples }))} selected={selection.benchmark} />
        <FilterGroup name="task" legend="Tasks" options={tasks.map((t) => ({ value: t }))} selected={selection.task} />
        <FilterGroup name="tag" legend="Tags" options={options.tags.map((t) => ({ value: t.tag, count: t.samples }))} selected={selection.tag} />
      </div>
      {selection.meta.map((m) => (
        <input key={m} type="hidden" name="meta" value={m} />
      ))}
      <div className="flex items-center gap-3">
        <button type="submit" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700">
          Retrieve and rank
        </button>
        <Link href="/query" className="text-sm text-slate-600 underline">
          Clear
        </Link>
      </div>
    </Form>
  );
}
