// /about: how the numbers are made, short, with one worked example computed live from the pool.
import type { Metadata } from "next";
import { activeEmbedder } from "@/lib/retrieval/active";
import { configuredPrior } from "@/lib/selection/defaults";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/states";
import { isFallbackEmbedder } from "@/lib/format";
import { EvaluationPlanSection } from "./evaluation-plan-section";
import { FormatsSection } from "./formats-section";
import { FromMetricsToRankings, Intervals, OtherMethods, PlackettLuce } from "./method-sections";
import { WorkedExampleView } from "./worked-example";
import { workedExample } from "./worked-example-data";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "How the numbers are made" };

export default async function AboutPage() {
  const [ex, active] = await Promise.all([workedExample(), activeEmbedder().catch((err: Error) => ({ name: null, reason: err.message, kind: "fallback" as const }))]);
  const prior = configuredPrior();
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageHeader
        title="How the numbers are made"
        subtitle="From sample-level results of any kind to one leaderboard per capability, with uncertainty. This follows ONEBench (Ghosh et al., 2024)."
      />
      <FromMetricsToRankings />
      <PlackettLuce prior={prior.value} priorSource={prior.source === "PL_PRIOR" ? "set by PL_PRIOR on this portal" : "the portal's default, DEFAULT_PRIOR"} />
      <Card title="A worked example, computed live from the pool">
        {ex ? <WorkedExampleView ex={ex} /> : <EmptyState title="The pool is empty">Import results to see an example.</EmptyState>}
      </Card>
      <Intervals />
      <OtherMethods />
      <Card title="5. Finding the samples for a capability">
        <div className="space-y-2 text-sm text-slate-700">
          <p>
            A capability query is embedded and compared by cosine similarity with every sample&apos;s embedding (its input and tags), and searched as words
            (BM25F over input, reference, tags, task and metadata, with tags and task names weighing five times the question text); the two lists are fused
            by reciprocal rank. Without k or a threshold the cut is <strong>adaptive</strong>: the bulk of a query&apos;s similarities is unrelated samples, so
            their median and MAD (σ = 1.4826·MAD) describe the background, and a sample is kept when its similarity stands 10 σ above the median (3 σ
            when no sample carries the words as a tag or task), or when every word of the query names one of its tags or its task. When no sample
            carries the words as a tag or task, the query is <strong>expanded</strong> first: the 50 samples that best contain its words (or their
            family in the pool: &ldquo;chemistry&rdquo; also finds &ldquo;chemist&rdquo;) are averaged into the query vector, and the cut is made on
            the similarities to that mean; each hit says so. On MMLU-Pro with the offline embedder the 14 category names retrieve their categories at
            0.93 precision and 1.00 recall (npm run bench:retrieval); with every subject hint removed from the questions, the offline embedder cannot
            (0.27 / 0.31 with the expansion, 0.23 / 0.15 without). An explicit k keeps the k nearest and a threshold cuts at that similarity, as
            before, never expanded; the query page draws the cut on the histogram of similarities and widens or narrows it.
          </p>
          <p>
            The box reads a small query language: <code>&quot;quoted phrase&quot;</code> (the sample must contain it), <code>-word</code> or{" "}
            <code>-&quot;a phrase&quot;</code> (samples containing it are left out), <code>benchmark:x</code>, <code>task:x</code>, <code>tag:x</code> and{" "}
            <code>meta.KEY:value</code> (the same as the filter parameters), and upper-case <code>AND</code>/<code>OR</code> between concepts (
            <code>python AND sql</code> keeps the samples both retrieve). Anything else is plain text, as before. A query that does not parse is answered
            with the position and what was expected there.
          </p>
          <p>
            The preferred embedder is the all-MiniLM-L6-v2 sentence model. When its weights are not
            available offline, the portal uses a <strong>fallback: latent semantic analysis</strong> — tf-idf over the pool&apos;s own inputs and tags reduced by a
            truncated SVD — which knows only the words that occur in the pool and matches topics rather than meaning.
          </p>
          <p className="flex flex-wrap items-center gap-2" data-testid="active-embedder">
            Active now:
            {active.name ? (
              isFallbackEmbedder(active.name) ? <Badge tone="amber">offline LSA fallback, not MiniLM</Badge> : <Badge tone="indigo">MiniLM</Badge>
            ) : (
              <Badge tone="amber">not ready</Badge>
            )}
            <span className="font-mono text-xs">{active.name ?? "—"}</span>
          </p>
          <p className="text-xs text-slate-500">{active.reason}</p>
        </div>
      </Card>
      <EvaluationPlanSection />
      <FormatsSection />
    </div>
  );
}
