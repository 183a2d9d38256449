// /leaderboards: every saved concept leaderboard, with its leaders from the cached snapshot.
import type { Metadata } from "next";
import Link from "next/link";
import { listSavedLeaderboards } from "@/lib/leaderboard/saved";
import { PageHeader } from "@/components/ui/page-header";
import { ConceptCard } from "@/components/home/concept-card";
import { BenchmarkCards, CapabilityCards } from "@/components/home/concept-sections";
import { AutoRefresh } from "@/components/leaderboard/auto-refresh-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Saved leaderboards" };

export default async function SavedLeaderboardsPage() {
  const saved = await listSavedLeaderboards();
  const overall = saved.find((s) => s.slug === "overall");
  const computing = saved.some((s) => !s.snapshot);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Saved leaderboards"
        subtitle="Stored queries whose rankings the worker keeps up to date as results arrive (bootstrap intervals over samples)."
        actions={
          <Link href="/query" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">
            New query
          </Link>
        }
      />
      {overall && (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <ConceptCard s={overall} />
        </ul>
      )}
      <CapabilityCards saved={saved} allLink={false} wide />
      <BenchmarkCards saved={saved} />
      {computing && <AutoRefresh seconds={5} />}
    </div>
  );
}
