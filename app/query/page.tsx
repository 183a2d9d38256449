// /query: free text plus metadata filters → the retrieved samples beside the leaderboard they
// produce; the query can be saved as a concept leaderboard.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { computeLeaderboard, FEW_SAMPLES } from "@/lib/leaderboard/compute";
import { tryLive } from "@/lib/leaderboard/live";
import { samplePage } from "@/lib/samples/list";
import { tryParseParams } from "@/lib/selection/parse";
import { leaderboardQuerySchema } from "@/lib/selection/schema";
import { fromRecord, withoutEmpty } from "@/lib/selection/url";
import { listBenchmarks, listTopTags } from "@/lib/db/queries/pool-stats";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { QueryForm } from "@/components/query/query-form";
import { QueryResults } from "@/components/query/query-results";
import { describeFilters } from "@/components/leaderboard/retrieval-summary";
import { LiveProblem } from "@/components/leaderboard/live-result";
import { configuredImageEmbedder } from "@/lib/retrieval/image-embedders";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Query" };

const EXAMPLES = ["antibodies", "macroeconomics", "python code", "contract law", "creative writing"];

export default async function QueryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = fromRecord(await searchParams);
  const cleaned = withoutEmpty(params);
  if (cleaned) redirect(cleaned.size ? `/query?${cleaned}` : "/query");
  const [benchmarks, tags] = await Promise.all([listBenchmarks(), listTopTags(60)]);
  const parsed = tryParseParams(params, leaderboardQuerySchema);
  const invalid = parsed.error;
  const query = parsed.data ?? leaderboardQuerySchema.parse({});
  const active = !!query.q || !!query.modality || query.benchmark.length + query.task.length + query.tag.length + query.meta.length > 0;
  const header = <PageHeader title="Query the pool" subtitle="Describe a capability, narrow it with metadata, and see the samples and the ranking they produce." />;
  const form = <QueryForm selection={parsed.data ?? { ...query, q: params.get("q") ?? undefined }} options={{ benchmarks, tags }} error={invalid} />;
  if (invalid || !active) {
    return (
      <div className="space-y-6">
        {header}
        {form}
        {invalid ? (
          <ErrorState title="Invalid parameters">{invalid}</ErrorState>
        ) : (
          <EmptyState title="Type a capability or choose filters">
            Try{" "}
            {EXAMPLES.map((e, i) => (
              <span key={e}>
                {i > 0 && ", "}
                <Link href={`/query?q=${encodeURIComponent(e)}`} className="text-indigo-700 underline">
                  {e}
                </Link>
              </span>
            ))}
            .
          </EmptyState>
        )}
      </div>
    );
  }
  // The listed samples are the leaderboard computation's own retrieval, not a second one.
  const outcome = await tryLive(async () => {
    const computed = await computeLeaderboard(query);
    return { lb: computed.leaderboard, retrieval: computed.retrieval, samples: await samplePage(computed.retrieval, { limit: 50 }, query.exclude_flagged) };
  });
  const imageEmbedder = await configuredImageEmbedder().catch((err: Error) => ({ kind: "error", reason: err.message }));
  const filters = describeFilters(query);
  const suggestedTitle = query.q ? query.q.charAt(0).toUpperCase() + query.q.slice(1) : filters;
  return (
    <div className="space-y-6">
      {header}
      {form}
      <p className="-mt-3 text-xs text-slate-500" data-testid="image-search-mode">
        {imageEmbedder.kind === "siglip"
          ? "Images are searched by their pixels too (SigLIP), fused with the text search by rank."
          : `Image search: ${imageEmbedder.reason}.`}
      </p>
      {outcome.ok ? (
        <QueryResults query={query} retrieval={outcome.value.retrieval} samples={outcome.value.samples} lb={outcome.value.lb} fewSamples={FEW_SAMPLES} suggestedTitle={suggestedTitle} />
      ) : (
        <LiveProblem outcome={outcome} resetHref="/query" />
      )}
    </div>
  );
}
