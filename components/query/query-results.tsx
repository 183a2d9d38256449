// The results of a query: the retrieved samples beside the leaderboard they produce, a warning
// when too few were retrieved to rank reliably, and the form to save the query.
import Link from "next/link";
import type { LiveLeaderboard } from "@/lib/leaderboard/compute";
import { METHOD_LABELS, type Method } from "@/lib/selection/methods";
import type { LeaderboardQuery } from "@/lib/selection/schema";
import type { SampleList } from "@/lib/samples/list";
import { leaderboardHref } from "@/lib/selection/url";
import { Card } from "@/components/ui/card";
import { CompactRanking } from "@/components/leaderboard/compact-ranking";
import { LeaderboardWarnings } from "@/components/leaderboard/leaderboard-warnings";
import { embedderLabel, formatCount, formatSimilarityRange } from "@/lib/format";
import { RetrievedSampleList } from "./retrieved-samples";
import { SaveConcept } from "./save-concept-client";
import { CutHistogram } from "./cut-histogram";
import type { Retrieval } from "@/lib/serving/retrieve";

interface Props {
  query: LeaderboardQuery;
  retrieval: Retrieval;
  samples: SampleList;
  lb: LiveLeaderboard;
  fewSamples: number;
  suggestedTitle: string;
}

export function QueryResults({ query, retrieval, samples, lb, fewSamples, suggestedTitle }: Props) {
  const few = lb.retrieval.n_retrieved < fewSamples;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
      <Card title={`Retrieved samples (${formatCount(samples.n_samples)})`}>
        {lb.retrieval.query && (
          <p className="mb-2 text-xs text-slate-500">
            Retrieved by the {embedderLabel(lb.retrieval.embedder)}
            {lb.retrieval.similarity && `; similarities ${formatSimilarityRange(lb.retrieval.similarity)}`}.
          </p>
        )}
        <CutHistogram query={query} retrieval={retrieval} />
        <RetrievedSampleList result={samples} />
      </Card>
      <div className="space-y-4 lg:sticky lg:top-4">
        <Card
          title="Leaderboard for these samples"
          actions={
            <Link href={leaderboardHref(query)} className="text-sm font-medium text-indigo-700 hover:underline">
              Full leaderboard →
            </Link>
          }
        >
          {few && (
            <p role="alert" className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="few-samples">
              ⚠ Only {lb.retrieval.n_retrieved} sample{lb.retrieval.n_retrieved === 1 ? "" : "s"} retrieved: too few to rank reliably (want at least {fewSamples}).
            </p>
          )}
          <p className="mb-2 text-xs text-slate-500">
            {METHOD_LABELS[lb.method as Method] ?? lb.method} over {formatCount(lb.n_samples)} samples and {formatCount(lb.n_measurements)} measurements; baseline {lb.baseline} = 0; 95% intervals.
          </p>
          {lb.models.length ? (
            <CompactRanking rows={lb.models} scale={lb.scale} baseline={lb.baseline} query={query} testId="query-leaderboard" />
          ) : (
            <p className="text-sm text-slate-600">No model has results on these samples.</p>
          )}
          <div className="mt-3">
            <LeaderboardWarnings warnings={lb.warnings.filter((w) => w.code !== "few_samples")} />
          </div>
        </Card>
        <Card title="Save as a concept leaderboard">
          <p className="mb-3 text-sm text-slate-600">Saved queries get a page, a card on the home page, and a snapshot the worker keeps up to date.</p>
          <SaveConcept
            suggestedTitle={suggestedTitle}
            selection={{
              query: query.q,
              k: query.k,
              threshold: query.threshold,
              filters: { benchmark: query.benchmark, task: query.task, tag: query.tag, meta: query.meta },
              method: query.method,
              baseline: query.baseline,
            }}
          />
        </Card>
      </div>
    </div>
  );
}
