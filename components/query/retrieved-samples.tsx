// The retrieved samples, best first: id (linking to the sample with its measurements and
// sample-level ranking), benchmark, task, tags, similarity and an excerpt of the input.
import Link from "next/link";
import type { SampleList } from "@/lib/samples/list";
import { sampleHref } from "@/lib/samples/links";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/states";
import { SampleThumbnail } from "@/components/evidence/sample-thumbnail";
import { formatCount, formatSimilarity } from "@/lib/format";
import type { Why } from "@/lib/retrieval/lexical";

function Similarity({ value }: { value: number }) {
  const pct = Math.max(0, Math.min(1, value)) * 100;
  return (
    <span className="flex items-center gap-1.5 text-xs tabular-nums text-slate-600" title="cosine similarity to the query">
      <span aria-hidden className="h-1.5 w-12 overflow-hidden rounded bg-slate-100">
        <span className="block h-full bg-indigo-500" style={{ width: `${pct}%` }} />
      </span>
      {formatSimilarity(value)}
    </span>
  );
}

/** Why a sample matched: its similarity per concept and the query terms it contains, and where. */
function WhyMatched({ why }: { why: Why }) {
  const sims = Object.entries(why.similarity).filter(([, v]) => v !== null);
  return (
    <p className="mt-1 text-xs text-slate-500" data-testid="why">
      Why: {sims.map(([k, v]) => `${k} similarity ${formatSimilarity(v!)}`).join(", ")}
      {why.labelled && "; a query word names its tag or task"}
      {why.terms.length > 0 && `; matched ${why.terms.map((t) => `“${t.term}” (${t.fields.join(", ")})`).join(", ")}`}
      {why.expanded?.map(
        (e) =>
          `; similarity to the expanded query of “${e.concept}” (the mean of its ${e.feedback_samples} best samples${e.added_terms.length ? `; added terms ${e.added_terms.map((t) => `“${t}”`).join(", ")}` : ""})`,
      )}
    </p>
  );
}

export function RetrievedSampleList({ result }: { result: SampleList }) {
  if (result.samples.length === 0) {
    return (
      <EmptyState title="No samples retrieved">
        {result.notice ?? "Nothing matches these filters."} Loosen the filters, lower the threshold or try other words.
      </EmptyState>
    );
  }
  return (
    <div>
      <p className="mb-2 text-xs text-slate-500" data-testid="retrieved-count">
        Showing {result.samples.length} of {formatCount(result.n_samples)} retrieved samples
        {result.samples[0].similarity === null ? "" : result.retrieval.mode === "adaptive" ? ", most relevant first (the similarity's rank fused with the keyword matches' rank)" : ", most similar first"}.
      </p>
      <ol className="space-y-2" data-testid="retrieved-samples">
        {result.samples.map((s) => (
          <li key={s.id} className="rounded-md border border-slate-200 bg-white p-3 shadow-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Link href={sampleHref(s.id)} className="font-mono text-sm font-medium text-indigo-700 hover:underline">
                {s.id}
              </Link>
              <Badge tone="indigo">{s.benchmark}</Badge>
              {s.task && <span className="text-xs text-slate-500">{s.task}</span>}
              <span className="ml-auto flex items-center gap-3">
                <span className="text-xs text-slate-500">{s.measurements} measurements</span>
                {s.similarity !== null && <Similarity value={s.similarity} />}
              </span>
            </div>
            <div className="mt-1.5 flex items-start gap-3">
              <SampleThumbnail image={s.image} id={s.id} />
              <p className="line-clamp-3 text-sm text-slate-700">{s.input}</p>
            </div>
            {s.why && <WhyMatched why={s.why} />}
            {s.tags.length > 0 && (
              <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Tags">
                {s.tags.map((t) => (
                  <li key={t}>
                    <Badge>{t}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
