// /benchmarks/[name]: one benchmark's health: flags, agreement, coverage, and its flagged samples
// most suspicious first, each linking to its sample page.
import type { Metadata } from "next";
import Link from "next/link";
import { cache } from "react";
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/api/errors";
import { estimateAtTop } from "@/lib/health/agreement";
import { benchmarkHealth } from "@/lib/health/read";
import type { BenchmarkStats } from "@/lib/health/types";
import { plural } from "@/lib/format";
import { sampleHref } from "@/lib/samples/links";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { FlagList, FLAGS_SHOWN } from "@/components/health/flag-list";
import { SeverityBadge } from "@/components/health/health-badge";
import { HealthStatusNote } from "@/components/health/status-note";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ name: string }> };

/** The benchmark's health, null when there is no such benchmark: read once for the title and the page (React's per-request cache). */
const healthOf = cache(async (name: string) => {
  try {
    return await benchmarkHealth(name);
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") return null;
    throw err;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const name = decodeURIComponent((await params).name);
  return { title: (await healthOf(name)) ? `Health of ${name}` : "Benchmark not found" };
}

async function load(name: string) {
  return (await healthOf(name)) ?? notFound();
}

/** The samples on which every model ties (the degenerate_samples flag's), each a link: they carry no information. */
function TiedSamples({ stats }: { stats: Partial<BenchmarkStats> }) {
  const ids = stats.tiedSamples ?? [];
  if (ids.length === 0) return null;
  const n = stats.degenerate ?? ids.length;
  return (
    <div className="mt-3 text-sm text-slate-600" data-testid="tied-samples">
      <p>
        {n > ids.length ? `The first ${ids.length} of the ${n} samples` : `The ${plural(n, "sample")}`} on which every model ties:
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        {ids.map((id) => (
          <li key={id}>
            <Link href={sampleHref(id)} className="font-mono text-xs text-indigo-700 underline">
              {id}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default async function BenchmarkHealthPage({ params }: Props) {
  const name = decodeURIComponent((await params).name);
  const b = await load(name);
  const partial = b.coverage.filter((c) => c.share < 1);
  return (
    <div className="space-y-4">
      <PageHeader
        title={<span className="inline-flex items-center gap-3">Health of {b.name} <SeverityBadge severity={b.severity} /></span>}
        subtitle={
          <>
            {plural(b.n_samples, "sample")} · {plural(b.n_models, "model")} ·{" "}
            <Link className="text-indigo-700 underline" href={`/leaderboard?benchmark=${encodeURIComponent(b.name)}`}>its leaderboard</Link> ·{" "}
            <Link className="text-indigo-700 underline" href="/benchmarks">all benchmarks</Link>
          </>
        }
      />
      <HealthStatusNote status={b.status} computedAt={b.computed_at} />
      <Card title="Flags">
        <FlagList flags={b.flags} />
        <TiedSamples stats={b.stats as Partial<BenchmarkStats>} />
        {b.agreement && (
          <p className="mt-3 text-sm text-slate-600">
            Agreement with the rest of the pool: Kendall&apos;s τ = {b.agreement.tau.toFixed(2)}, 95% bootstrap interval over samples [{b.agreement.ci[0].toFixed(2)}, {b.agreement.ci[1].toFixed(2)}], over {b.agreement.n_shared} shared models.
            {estimateAtTop(b.agreement) &&
              " The estimate sits at the top of its interval: each resample of the benchmark's samples adds noise to its own ranking, which lowers its agreement with the pool on average, so this percentile interval leans below τ. The agreement flags read its upper end."}
          </p>
        )}
        <p className="mt-1 text-sm text-slate-600">
          Coverage: {partial.length === 0 ? "every model is measured on every sample." : `${plural(partial.length, "model")} measured on part of it (least: ${partial[0].model}, ${Math.round(partial[0].share * 100)}%).`}
        </p>
      </Card>
      <Card title={`Flagged samples, most suspicious first (${b.flagged_samples.length}${b.flagged_samples.length < b.n_flagged_samples ? ` of ${b.n_flagged_samples}` : ""})`}>
        {b.flagged_samples.length === 0 ? (
          <p className="text-sm text-slate-600">No sample of this benchmark is flagged.</p>
        ) : (
          <ol className="space-y-3" data-testid="flagged-samples">
            {b.flagged_samples.map((s) => (
              <li key={s.id} className="border-t border-slate-100 pt-2 first:border-0 first:pt-0">
                <Link href={sampleHref(s.id)} className="font-mono text-sm text-indigo-700 underline">{s.id}</Link>
                <div className="mt-1">
                  <FlagList flags={s.flags} fold={FLAGS_SHOWN} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
