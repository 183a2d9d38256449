// /query: free text plus metadata filters → the retrieved samples beside the leaderboard they
// produce; the query can be saved as a concept leaderboard.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ApiError } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/handler";
import { computeLeaderboard, FEW_SAMPLES } from "@/lib/leaderboard/compute";
import { DEFAULT_K, leaderboardQuerySchema, type LeaderboardQuery } from "@/lib/leaderboard/params";
import { CONCEPT_THRESHOLD } from "@/lib/leaderboard/defaults";
import { listSamples } from "@/lib/samples/list";
import { fromRecord, withoutEmpty } from "@/lib/leaderboard/url-state";
import { listBenchmarks, listTopTags } from "@/lib/db/queries/pool-stats";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { QueryForm } from "@/components/query/query-form";
import { QueryResults } from "@/components/query/query-results";
import { describeFilters } from "@/components/leaderboard/retrieval-summary";
import { LiveProblem, tryLive } from "@/components/leaderboard/live-result";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Query" };

const EXAMPLES = ["antibodies", "macroeconomics", "python code", "contract law", "creative writing"];

export default async function QueryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = fromRecord(await searchParams);
  const cleaned = withoutEmpty(params);
  if (cleaned) redirect(cleaned.size ? `/query?${cleaned}` : "/query");
  const [benchmarks, tags] = await Promise.all([listBenchmarks(), listTopTags(60)]);
  let query: LeaderboardQuery;
  let invalid: string | null = null;
  try {
    query = parseQuery(params, leaderboardQuerySchema);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    invalid = err.message;
    query = leaderboardQuerySchema.parse({});
  }
  const active = !!query.q || query.benchmark.length + query.task.length + query.tag.length + query.meta.length > 0;
  const header = <PageHeader title="Query the pool" subtitle="Describe a capability, narrow it with metadata, and see the samples and the ranking they produce." />;
  const form = <QueryForm selection={query} options={{ benchmarks, tags }} defaults={{ k: DEFAULT_K, threshold: CONCEPT_THRESHOLD }} />;
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
                <Link href={`/query?q=${encodeURIComponent(e)}&threshold=${CONCEPT_THRESHOLD}`} className="text-indigo-700 underline">
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
  const [samples, lb] = await Promise.all([tryLive(() => listSamples(query, { limit: 50 })), tryLive(() => computeLeaderboard(query))]);
  const filters = describeFilters(query);
  const suggestedTitle = query.q ? query.q.charAt(0).toUpperCase() + query.q.slice(1) : filters;
  return (
    <div className="space-y-6">
      {header}
      {form}
      {!samples.ok ? (
        <LiveProblem outcome={samples} resetHref="/query" />
      ) : !lb.ok ? (
        <LiveProblem outcome={lb} resetHref="/query" />
      ) : (
        <QueryResults query={query} samples={samples.value} lb={lb.value} fewSamples={FEW_SAMPLES} suggestedTitle={suggestedTitle} />
      )}
    </div>
  );
}
