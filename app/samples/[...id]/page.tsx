import type { Metadata } from "next";
import Link from "next/link";
import { cache } from "react";
import { notFound } from "next/navigation";
import { EvidenceGroups } from "@/components/evidence/evidence-groups";
import { SampleFields } from "@/components/evidence/sample-fields";
import { SampleOutputs } from "@/components/evidence/sample-outputs-client";
import { FlagList, FLAGS_SHOWN } from "@/components/health/flag-list";
import { plural } from "@/lib/format";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/states";
import { getSampleDetail } from "@/lib/samples/detail";
import { sampleIdFromSegments } from "@/lib/samples/links";
import { previewOutputs } from "@/lib/samples/fold";
import { sampleOutputs } from "@/lib/samples/outputs";
import { cacheThisPage, noPageCache, uncachedOnError } from "@/lib/web/page-cache";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string[] }> };

/**
 * The sample of this request, read once for its title and its page (React's per-request cache).
 * The page is a function of its URL and the pool's state (lib/web/page-cache.ts), marked so before
 * that one read, whichever of the two asks first; kept once asked for again (the pool's samples are
 * many); a read that fails is not kept.
 */
const sampleDetail = cache((id: string) => {
  cacheThisPage({ repeatedOnly: true });
  return uncachedOnError(getSampleDetail(id));
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = sampleIdFromSegments((await params).id, { encoded: true });
  return { title: (await sampleDetail(id)) ? `Sample ${id}` : "Sample not found" };
}

export default async function SamplePage({ params }: Props) {
  const id = sampleIdFromSegments((await params).id, { encoded: true });
  const sample = await sampleDetail(id);
  if (!sample) notFound();
  // An image the worker has yet to fetch arrives without a new data version: not kept until it has.
  if (sample.image_url && !sample.image && !sample.image_error) noPageCache();
  const n = sample.measurements.length;
  // Only each output's start goes to the page; the client fetches the whole texts on demand.
  const outputs = previewOutputs(sampleOutputs(sample.measurements));
  return (
    <div className="space-y-5">
      <PageHeader
        title={<span className="break-all">Sample {sample.id}</span>}
        subtitle={
          <>
            {plural(n, "measurement")} of {plural(sample.models.length, "model")} ·{" "}
            <Link className="text-indigo-700 underline" href={`/leaderboard?benchmark=${encodeURIComponent(sample.benchmark)}`}>
              {sample.benchmark} leaderboard
            </Link>
          </>
        }
      />
      {sample.flags.length > 0 && (
        <Card title="Flagged by the benchmark health check" id="flags">
          <FlagList flags={sample.flags} fold={FLAGS_SHOWN} />
        </Card>
      )}
      <SampleFields sample={sample} />
      {outputs.length > 0 && (
        <Card title={`What the models answered (${outputs.length})`} id="outputs">
          <SampleOutputs sampleId={sample.id} outputs={outputs} reference={sample.reference} />
        </Card>
      )}
      {n === 0 ? (
        <EmptyState title="No measurements yet">No model has a published result on this sample, so it does not take part in any ranking.</EmptyState>
      ) : (
        <Card title="Every measurement and the sample-level ranking it became">
          <p className="mb-4 max-w-3xl text-sm text-slate-600" data-testid="ranking-explanation">
            For each metric, criterion or judge ranking, the models are ordered into tiers by their value (equal values tie), and every model
            wins one top-1 choice over all models in strictly lower tiers (a pairwise line is its winner chosen over the other, weighted by p_a):
            these {plural(sample.n_choice_events, "choice event")} are this sample&apos;s evidence in every Plackett–Luce leaderboard that selects it.
          </p>
          <EvidenceGroups measurements={sample.measurements} ranking={sample.ranking} />
        </Card>
      )}
    </div>
  );
}
