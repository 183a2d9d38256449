// Home: ask for a capability, see the overall leaderboard, the saved concept leaderboards with
// their leaders, and what the pool holds. Each section streams in on its own.
import { Suspense } from "react";
import { servedPoolStats } from "@/lib/db/queries/pool-stats";
import { overallLeaderboard, semanticIndexStatus } from "@/lib/leaderboard/live";
import { listSavedLeaderboards } from "@/lib/leaderboard/saved";
import { Skeleton } from "@/components/ui/states";
import { CapabilitySearch } from "@/components/home/capability-search";
import { PoolStats } from "@/components/home/pool-stats";
import { GlobalTop } from "@/components/home/global-top";
import { BenchmarkCards, CapabilityCards, HOME_CARDS } from "@/components/home/concept-sections";
import { listHealth } from "@/lib/health/read";
import { AutoRefresh } from "@/components/leaderboard/auto-refresh-client";
import { cacheThisPage, noPageCache, uncachedOnError } from "@/lib/web/page-cache";

export const dynamic = "force-dynamic";

function Blocks({ n, className }: { n: number; className: string }) {
  return (
    <div aria-busy="true" aria-label="Loading" className="space-y-2">
      {Array.from({ length: n }, (_, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}

// Each section loads its own data, so that it streams in behind its Suspense boundary.
async function PoolSection() {
  const [stats, index] = await uncachedOnError(Promise.all([servedPoolStats(), semanticIndexStatus()]));
  // An embedding backlog shrinks without a new data version: its count is not kept.
  if (index.pending > 0) noPageCache();
  return <PoolStats stats={stats} embedder={index.embedder} pending={index.pending} />;
}

async function OverallSection({ fullHref }: { fullHref: string }) {
  return <GlobalTop lb={await uncachedOnError(overallLeaderboard())} fullHref={fullHref} />;
}

export default async function HomePage() {
  // The same for everyone until the pool, a health run or a saved leaderboard changes (lib/web/page-cache.ts);
  // a minute at most, for the cards' relative times ("refreshed 3 minutes ago").
  cacheThisPage({ maxAgeS: 60 });
  const [saved, health] = await uncachedOnError(Promise.all([listSavedLeaderboards(), listHealth()]));
  const suggestions = saved.filter((s) => s.query).map((s) => ({ slug: s.slug, title: s.title, query: s.query! }));
  const overall = saved.find((s) => s.slug === "overall");
  return (
    <div className="space-y-8">
      <section className="rounded-xl border border-indigo-100 bg-gradient-to-br from-indigo-50 via-white to-white px-5 py-6 sm:px-8 sm:py-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Which AI model is best for your capability?</h1>
        <p className="mt-2 max-w-3xl text-sm text-slate-600 sm:text-base">
          Sample-level results pooled across benchmarks, turned into per-sample orderings and ranked with Plackett–Luce. Type a capability: the portal
          retrieves the relevant samples and ranks every model on exactly those.
        </p>
        <div className="mt-5 max-w-3xl">
          <CapabilitySearch suggestions={suggestions} />
        </div>
      </section>
      <Suspense fallback={<Blocks n={1} className="h-20 w-full" />}>
        <PoolSection />
      </Suspense>
      <div className="grid items-start gap-8 lg:grid-cols-3">
        <Suspense fallback={<Blocks n={10} className="h-6 w-full" />}>
          <OverallSection fullHref={overall ? "/leaderboards/overall" : "/leaderboard"} />
        </Suspense>
        <div className="lg:col-span-2">
          <CapabilityCards saved={saved} />
        </div>
      </div>
      <BenchmarkCards saved={saved} limit={HOME_CARDS} health={new Map(health.benchmarks.map((b) => [b.name, b.severity]))} />
      {saved.some((s) => !s.snapshot) && <AutoRefresh seconds={5} />}
    </div>
  );
}
