import type { Metadata } from "next";
import Link from "next/link";
import { formatCount, plural } from "@/lib/format";
import { SelectionSummary } from "@/components/evidence/selection-summary";
import { SampleListTable } from "@/components/evidence/sample-list-table";
import { SelectionHealthNotice } from "@/components/health/selection-health";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, Notice } from "@/components/ui/states";
import { ApiError } from "@/lib/api/errors";
import { listSamples, type SampleList } from "@/lib/samples/list";
import { tryParseParams, type PageSearchParams } from "@/lib/selection/parse";
import { DEFAULT_LIMIT, samplesQuerySchema } from "@/lib/selection/route-schemas";
import { pickSelection } from "@/lib/selection/schema";
import { leaderboardHref, samplesHref } from "@/lib/selection/url";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Samples" };

export default async function SamplesPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const parsed = tryParseParams(await searchParams, samplesQuerySchema);
  if (parsed.error !== null) return <ErrorState title="These parameters are not valid">{parsed.error}</ErrorState>;
  const selection = pickSelection(parsed.data);
  const limit = parsed.data.limit ?? DEFAULT_LIMIT;
  const offset = parsed.data.offset ?? 0;
  let list: SampleList;
  try {
    list = await listSamples(selection, { limit, offset });
  } catch (err) {
    if (err instanceof ApiError) return <ErrorState title="The samples could not be retrieved">{err.message}</ErrorState>;
    throw err;
  }
  const page = (o: number) => samplesHref(selection, { offset: o, limit: parsed.data.limit });
  return (
    <div className="space-y-4">
      <PageHeader
        title="Samples"
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-1">
            {plural(list.n_samples, "sample")} · <SelectionSummary selection={selection} />
          </span>
        }
        actions={
          <Link href={leaderboardHref(selection)} className="text-sm text-indigo-700 underline">
            Leaderboard of these samples
          </Link>
        }
      />
      {list.notice && <Notice tone="warning">{list.notice}</Notice>}
      <SelectionHealthNotice health={list.health} query={selection} toggleHref={samplesHref({ ...selection, exclude_flagged: !selection.exclude_flagged }, { offset: 0, limit: parsed.data.limit })} />
      <Card>
        {list.samples.length === 0 && list.n_samples > 0 ? (
          <EmptyState title="Past the last sample">
            This page starts at sample {formatCount(offset + 1)}; there are {formatCount(list.n_samples)}.{" "}
            <Link className="text-indigo-700 underline" href={page(0)}>
              Go to the first page
            </Link>
          </EmptyState>
        ) : list.samples.length === 0 ? (
          <EmptyState title="No samples match">Loosen the filters or change the query.</EmptyState>
        ) : (
          <>
            <SampleListTable samples={list.samples} />
            <nav aria-label="Pages" className="mt-3 flex items-center justify-between text-sm">
              <span className="text-slate-600">
                {formatCount(offset + 1)}–{formatCount(offset + list.samples.length)} of {formatCount(list.n_samples)}
              </span>
              <span className="flex gap-3">
                {offset > 0 && <Link className="text-indigo-700 underline" href={page(Math.max(0, offset - limit))}>Previous</Link>}
                {offset + limit < list.n_samples && <Link className="text-indigo-700 underline" href={page(offset + limit)}>Next</Link>}
              </span>
            </nav>
          </>
        )}
      </Card>
    </div>
  );
}
