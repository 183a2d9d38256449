// /benchmarks: every benchmark's health from the newest check (lib/health): agreement with the rest
// of the pool, its flags, and how many of its samples are flagged.
import type { Metadata } from "next";
import Link from "next/link";
import { listHealth } from "@/lib/health/read";
import { formatCount, plural } from "@/lib/format";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/states";
import { FlagList } from "@/components/health/flag-list";
import { benchmarkHealthHref, SeverityBadge } from "@/components/health/health-badge";
import { HealthStatusNote } from "@/components/health/status-note";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Benchmark health" };

const tau = (x: number) => x.toFixed(2).replace(/^-/, "−");

export default async function BenchmarksPage() {
  const health = await listHealth();
  return (
    <>
      <PageHeader
        title="Benchmark health"
        subtitle="Each benchmark checked against the rest of the pool: does it rank models as the others do, is its metric broken, are its answer keys or questions suspicious?"
      />
      <HealthStatusNote status={health.status} computedAt={health.benchmarks[0]?.computed_at ?? null} />
      {health.benchmarks.length === 0 ? (
        <EmptyState title="No health check yet">The worker checks every benchmark after each upload; this page fills in when the first check is done.</EmptyState>
      ) : (
        <div className="grid gap-4 md:grid-cols-2" data-testid="benchmark-cards">
          {health.benchmarks.map((b) => (
            <Card
              key={b.name}
              title={
                <Link href={benchmarkHealthHref(b.name)} className="hover:underline">
                  {b.name}
                </Link>
              }
              actions={<SeverityBadge severity={b.severity} />}
            >
              <p className="mb-3 text-sm text-slate-600">
                {plural(b.n_samples, "sample")} · {plural(b.n_models, "model")} · {formatCount(b.n_measurements)} measurements ·{" "}
                {b.agreement ? (
                  <span title="Kendall's tau with the rest of the pool on shared models, 95% bootstrap interval over samples">
                    τ = {tau(b.agreement.tau)} [{tau(b.agreement.ci[0])}, {tau(b.agreement.ci[1])}] with the rest of the pool
                  </span>
                ) : (
                  "no agreement: no other benchmark shares enough models"
                )}
              </p>
              <FlagList flags={b.flags} />
              {b.n_flagged_samples > 0 && (
                <Link href={benchmarkHealthHref(b.name)} className="mt-3 inline-block text-sm text-indigo-700 underline">
                  {plural(b.n_flagged_samples, "flagged sample")}, most suspicious first
                </Link>
              )}
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
