import type { Metadata } from "next";
import Link from "next/link";
import { EvaluateClient } from "@/components/evaluate/evaluate-client";
import { PageHeader } from "@/components/ui/page-header";
import { servedVisibleModels } from "@/lib/db/queries/models";
import { listBenchmarks } from "@/lib/db/queries/pool-stats";

export const metadata: Metadata = { title: "Evaluate a new model" };
export const dynamic = "force-dynamic";

export default async function EvaluatePage() {
  const [models, benchmarks] = await Promise.all([servedVisibleModels(), listBenchmarks()]);
  return (
    <div className="max-w-5xl">
      <PageHeader
        title="Evaluate a new model"
        subtitle={
          <>
            Name a model and the capability you care about; the portal picks the samples whose results place it soonest. Run them, upload the results, and plan the next round: each
            round narrows its interval. How the samples are chosen:{" "}
            <Link className="underline" href="/about#evaluation-plan">
              the method page
            </Link>
            .
          </>
        }
      />
      <EvaluateClient models={models} benchmarks={benchmarks.map((b) => ({ benchmark: b.benchmark, samples: b.samples }))} />
    </div>
  );
}
