// The home page's capability query box: a GET form to the ad hoc leaderboard (works without
// JavaScript; next/form navigates client-side when it can), with the saved concepts as suggestions.
import Form from "next/form";
import Link from "next/link";

interface Suggestion {
  slug: string;
  title: string;
  query: string;
}

export function CapabilitySearch({ suggestions }: { suggestions: Suggestion[] }) {
  return (
    <div>
      <Form action="/leaderboard" className="flex flex-col gap-2 sm:flex-row" role="search" aria-label="Capability query">
        <label htmlFor="capability" className="sr-only">
          Capability
        </label>
        <input
          id="capability"
          name="q"
          type="search"
          required
          list="capability-suggestions"
          placeholder="A capability, e.g. antibodies, macroeconomics, python code"
          autoComplete="off"
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm placeholder:text-slate-500"
        />
        <datalist id="capability-suggestions">
          {suggestions.map((s) => (
            <option key={s.slug} value={s.query}>
              {s.title}
            </option>
          ))}
        </datalist>
        <button type="submit" className="rounded-md bg-indigo-600 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-indigo-700">
          Rank models
        </button>
      </Form>
      <p className="mt-2 text-xs text-slate-500">
        Retrieves the samples that stand clearly above the pool&apos;s background similarity for your words (or that carry them as a tag or task), then ranks every
        model on them.{" "}
        <Link href="/query" className="underline">
          Filters and more options
        </Link>
      </p>
      {suggestions.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="Saved capabilities">
          {suggestions.slice(0, 8).map((s) => (
            <li key={s.slug}>
              <Link href={`/leaderboards/${s.slug}`} className="inline-block rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-indigo-800 hover:bg-indigo-100">
                {s.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
