// The default saved leaderboards: the whole pool, one per benchmark, and, when the demo data is
// in the pool, a dozen capability concepts answered by semantic retrieval.
import { listBenchmarks } from "@/lib/db/queries/pool-stats";
import { insertSavedLeaderboard } from "@/lib/db/queries/saved-leaderboards";
import type { SavedLeaderboardInput } from "./saved";

const NO_FILTERS = { benchmark: [], task: [], tag: [], meta: [] };

/** Capability concepts over the demo data: each a query text; k bounds the retrieved samples. */
export const DEMO_CONCEPTS: { slug: string; title: string; query: string }[] = [
  { slug: "antibodies", title: "Antibodies and immunology", query: "antibodies" },
  { slug: "virology", title: "Virology", query: "virology" },
  { slug: "genetics", title: "Genetics", query: "genetics" },
  { slug: "macroeconomics", title: "Macroeconomics", query: "macroeconomics" },
  { slug: "microeconomics", title: "Microeconomics", query: "microeconomics" },
  { slug: "contract-law", title: "Contract law", query: "contract law" },
  { slug: "criminal-law", title: "Criminal law", query: "criminal law" },
  { slug: "python-code", title: "Python code", query: "python code" },
  { slug: "sql", title: "SQL and databases", query: "sql" },
  { slug: "algebra", title: "Algebra", query: "algebra" },
  { slug: "probability", title: "Probability", query: "probability" },
  { slug: "geography", title: "Geography", query: "geography" },
  { slug: "creative-writing", title: "Creative writing", query: "creative writing" },
  { slug: "translation", title: "Translation", query: "translation" },
];
function slugOf(benchmark: string): string {
  return `benchmark-${benchmark.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`.slice(0, 80);
}

export async function defaultLeaderboards(): Promise<SavedLeaderboardInput[]> {
  const benchmarks = await listBenchmarks();
  const out: SavedLeaderboardInput[] = [
    { slug: "overall", title: "Overall", description: "Every sample in the pool.", filters: NO_FILTERS, method: "plackett-luce" },
  ];
  for (const b of benchmarks) {
    out.push({
      slug: slugOf(b.benchmark),
      title: b.benchmark,
      description: `All ${b.benchmark} samples.`,
      filters: { ...NO_FILTERS, benchmark: [b.benchmark] },
      method: "plackett-luce",
    });
  }
  if (benchmarks.some((b) => b.benchmark.startsWith("demo-"))) {
    for (const c of DEMO_CONCEPTS) {
      out.push({
        ...c,
        description: `Samples relevant to “${c.query}” (the adaptive default cut-off).`,
        filters: NO_FILTERS,
        method: "plackett-luce",
      });
    }
  }
  return out;
}

/** Inserts the defaults that do not exist yet; returns the slugs inserted. */
export async function ensureDefaultLeaderboards(): Promise<string[]> {
  const inserted: string[] = [];
  const base = Date.now();
  for (const [i, d] of (await defaultLeaderboards()).entries()) {
    if (await insertSavedLeaderboard(d, { queueRefresh: false, createdAt: new Date(base + i) })) inserted.push(d.slug);
  }
  return inserted;
}
