// Which samples a leaderboard ranks: the query text and filters, how many were retrieved, the
// similarity range, the embedder, and a link to the samples themselves.
import Link from "next/link";
import type { LiveLeaderboard } from "@/lib/leaderboard/compute";
import type { Selection } from "@/lib/selection/schema";
import { queryPageHref } from "@/lib/selection/url";
import { embedderLabel, formatCount, formatSimilarityRange } from "@/lib/format";

export function describeFilters(s: Pick<Selection, "benchmark" | "task" | "tag" | "meta">): string {
  const parts: string[] = [];
  if (s.benchmark.length) parts.push(`benchmark ${s.benchmark.join(" or ")}`);
  if (s.task.length) parts.push(`task ${s.task.join(" or ")}`);
  if (s.tag.length) parts.push(`tag ${s.tag.join(" or ")}`);
  if (s.meta.length) parts.push(s.meta.join(", "));
  return parts.join("; ");
}

export function RetrievalSummary({ lb, selection }: { lb: LiveLeaderboard; selection: Selection }) {
  const r = lb.retrieval;
  const filters = describeFilters(selection);
  const n = formatCount(r.n_retrieved);
  // exclude_flagged: what the counts above include and the ranking does not.
  const excluded = lb.health?.excluded && lb.health.excluded.samples > 0 ? lb.health.excluded : null;
  const remaining = r.n_retrieved - (excluded?.samples ?? 0);
  return (
    <p className="text-sm text-slate-700" data-testid="retrieval-summary">
      {r.query ? (
        <>
          <strong>{n}</strong> sample{r.n_retrieved === 1 ? "" : "s"} retrieved for “{r.query}”
          {filters && <> among {filters}</>} (k ≤ {r.k ?? "all"}
          {r.threshold !== null && `, similarity ≥ ${r.threshold}`}
          {r.similarity && `; similarities ${formatSimilarityRange(r.similarity)}`}) by the {embedderLabel(r.embedder)}.
        </>
      ) : (
        <>
          {filters ? (
            <>
              All <strong>{n}</strong> samples with {filters}.
            </>
          ) : (
            <>
              All <strong>{n}</strong> samples in the pool.
            </>
          )}
        </>
      )}
      {excluded && (
        <>
          {" "}
          The health check&apos;s flags left out <strong>{formatCount(excluded.samples)}</strong> of them
          {excluded.benchmarks.length > 0 && <> (with the flagged benchmark{excluded.benchmarks.length === 1 ? "" : "s"} {excluded.benchmarks.join(", ")})</>}: {formatCount(remaining)} remain.
        </>
      )}
      {lb.n_samples < remaining && (
        <>
          {" "}
          {formatCount(lb.n_samples)} of {excluded ? "these" : "them"} have results of the models ranked.
        </>
      )}{" "}
      <Link href={queryPageHref({ ...selection, method: undefined })} className="font-medium text-indigo-700 underline">
        See the samples →
      </Link>
    </p>
  );
}
