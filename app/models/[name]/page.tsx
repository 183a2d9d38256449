import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatCi, formatCount, formatScore, plural } from "@/lib/format";
import { SelectionSummary } from "@/components/evidence/selection-summary";
import { EvidenceTable } from "@/components/model/evidence-table";
import { FactsCard } from "@/components/model/facts-card";
import { StandingsChart } from "@/components/model/standings-chart-client";
import { StandingsTable } from "@/components/model/standings-table";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, Notice } from "@/components/ui/states";
import { ApiError } from "@/lib/api/errors";
import { findVisibleModels } from "@/lib/db/queries/models";
import { modelProfile, type ModelProfile, type Standing } from "@/lib/models/profile";
import { decodeSegment } from "@/lib/samples/links";
import { tryParseParams, type PageSearchParams } from "@/lib/selection/parse";
import { modelQuerySchema } from "@/lib/selection/route-schemas";
import { pickSelection, type Selection } from "@/lib/selection/schema";
import { compareHref, hasSelection, leaderboardHref } from "@/lib/selection/url";
import { cacheThisPage, uncachedOnError } from "@/lib/web/page-cache";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ name: string }>; searchParams: Promise<PageSearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const name = decodeSegment((await params).name);
  // The visible models are remembered per data version (lib/db/version-memo.ts): no extra statement.
  return { title: (await findVisibleModels([name])).has(name) ? name : "Model not found" };
}

function chartData(rows: Standing[]) {
  return rows.filter((r) => r.score !== null).map((r) => ({ name: r.name, score: r.score!, ci: r.ci, rank: r.rank, n_models: r.n_models }));
}

function StrengthsSentence({ rows, kind }: { rows: Standing[]; kind: string }) {
  const ranked = rows.filter((r) => r.rank !== null);
  if (ranked.length < 2) return null;
  const best = ranked[0];
  const worst = ranked[ranked.length - 1];
  return (
    <p className="mb-3 text-sm text-slate-600" data-testid={`${kind}-summary`}>
      Strongest {kind}: <strong>{best.name}</strong> (rank {best.rank} of {best.n_models}, {formatScore(best.score)}); weakest:{" "}
      <strong>{worst.name}</strong> (rank {worst.rank} of {worst.n_models}, {formatScore(worst.score)}).
    </p>
  );
}

function Standings({ profile, kind }: { profile: ModelProfile; kind: "benchmark" | "tag" }) {
  const rows = kind === "benchmark" ? profile.benchmarks : profile.tags;
  const title = kind === "benchmark" ? "Strengths and weaknesses by benchmark" : "By tag";
  if (rows.length === 0) return <Card title={title}><EmptyState title={`No ${kind} has enough results of this model`} /></Card>;
  return (
    <Card title={title}>
      <StrengthsSentence rows={rows} kind={kind} />
      <StandingsChart data={chartData(rows)} label={`${profile.model}: Plackett–Luce score per ${kind}`} baseline={profile.baseline} />
      <p className="mt-1 text-xs text-slate-500">
        Score relative to {profile.baseline} (0) in a fit over all models on that {kind}&apos;s samples. Green: leads there; indigo: above the baseline; red: below
        it. Whiskers: 95% intervals; an arrowhead at the axis marks one that runs past it (the table has it whole).
      </p>
      <details className="mt-3" open={kind === "benchmark"}>
        <summary className="cursor-pointer text-sm text-indigo-700">Table: rank, score and interval per {kind}</summary>
        <div className="mt-2">
          <StandingsTable rows={rows} kind={kind} model={profile.model} baseline={profile.baseline} />
        </div>
      </details>
    </Card>
  );
}

function EvidenceCard({ profile, selection }: { profile: ModelProfile; selection: Selection }) {
  const e = profile.evidence!;
  const row = e.row;
  return (
    <Card
      title="The samples behind this leaderboard row (Plackett–Luce)"
      actions={
        <Link href={leaderboardHref(selection)} className="text-sm text-indigo-700 underline">
          Back to the leaderboard
        </Link>
      }
    >
      <div className="mb-3 space-y-1 text-sm text-slate-700" data-testid="row-summary">
        <p>
          {row && row.rank !== null ? (
            <>
              Rank <strong>{row.rank}</strong> of {e.n_models} · score <strong>{formatScore(row.score)}</strong> (95% CI {formatCi(row.ci)}) relative to{" "}
              {e.baseline}
            </>
          ) : (
            <>No score in this selection.</>
          )}{" "}
          · results on {plural(e.n_samples, "sample")} of the {e.n_retrieved} retrieved.
        </p>
        <p className="text-slate-500">Each sample&apos;s outcome and how many models it finished ahead of or behind; open a sample to see every model&apos;s measurement and the ranking it became.</p>
      </div>
      {e.notice && <Notice tone="warning">{e.notice}</Notice>}
      {e.samples.length === 0 ? (
        <EmptyState title="No results of this model in the selection" />
      ) : (
        <>
          <EvidenceTable samples={e.samples} model={profile.model} />
          {e.n_samples > e.samples.length && (
            <p className="mt-2 text-xs text-slate-500">
              Showing the first {e.samples.length} of {formatCount(e.n_samples)} samples.
            </p>
          )}
        </>
      )}
    </Card>
  );
}

export default async function ModelPage({ params, searchParams }: Props) {
  // A function of the URL and the pool's state (lib/web/page-cache.ts).
  cacheThisPage();
  const name = decodeSegment((await params).name);
  const parsed = tryParseParams(await searchParams, modelQuerySchema);
  if (parsed.error !== null) return <ErrorState title="These parameters are not valid">{parsed.error}</ErrorState>;
  const selection = pickSelection(parsed.data);
  let profile: ModelProfile | null;
  try {
    // A page that could not be computed (its fits' queue full, the database away) is not kept.
    profile = await uncachedOnError(modelProfile(name, selection));
  } catch (err) {
    if (err instanceof ApiError) return <ErrorState title="This model page could not be computed">{err.message}</ErrorState>;
    throw err;
  }
  if (!profile) notFound();
  const o = profile.overall;
  return (
    <div className="space-y-5">
      <PageHeader
        title={<span className="break-all">{profile.model}</span>}
        subtitle={
          <span data-testid="overall-summary">
            {o && o.rank !== null ? (
              <>
                Overall rank {o.rank} of {o.n_models} · score {formatScore(o.score)} (analytic{" "}
                <Link href="/about#uncertainty" className="underline">
                  95% CI
                </Link>{" "}
                {formatCi(o.ci)}; the saved Overall board&apos;s intervals are by bootstrap) · {plural(o.n_samples, "sample")} ·
                baseline {profile.baseline} = 0
              </>
            ) : (
              "Not ranked overall"
            )}
          </span>
        }
        actions={
          <Link
            href={compareHref([profile.model, ...profile.peers], selection)}
            className="rounded-md border border-indigo-200 bg-white px-3 py-1.5 text-sm text-indigo-700 hover:bg-indigo-50"
          >
            Compare with the top models
          </Link>
        }
      />
      <FactsCard facts={profile.facts} />
      {hasSelection(selection) ? (
        <div className="space-y-2">
          <div className="text-sm text-slate-600">
            Selection: <SelectionSummary selection={selection} />
          </div>
          <EvidenceCard profile={profile} selection={selection} />
        </div>
      ) : (
        <Notice>Open this page from a leaderboard row (or pick a benchmark below) to see the samples behind that row with this model&apos;s outcome on each.</Notice>
      )}
      <Standings profile={profile} kind="benchmark" />
      <Standings profile={profile} kind="tag" />
    </div>
  );
}
