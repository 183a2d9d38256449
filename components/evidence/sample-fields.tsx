import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { SampleDetail } from "@/lib/samples/detail";

function metadataValue(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** The sample as uploaded: input, reference, image, task, tags and metadata. */
export function SampleFields({ sample }: { sample: SampleDetail }) {
  const meta = Object.entries(sample.metadata ?? {});
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card title="Input" className="lg:col-span-2">
        <pre data-testid="sample-input" className="whitespace-pre-wrap break-words font-sans text-sm leading-relaxed text-slate-800">
          {sample.input}
        </pre>
        {sample.image && (
          // eslint-disable-next-line @next/next/no-img-element -- the portal's own stored copy, content-addressed and cached forever
          <img src={sample.image} alt={`Image of sample ${sample.id}`} data-testid="sample-image" className="mt-3 max-h-96 rounded border border-slate-200" />
        )}
        {!sample.image && sample.image_url && (
          <p className="mt-3 text-sm text-slate-600" data-testid="sample-image-missing">
            {sample.image_error ?? "The image of this sample has not been fetched yet (the worker fetches each image_url once)."}
          </p>
        )}
        {sample.reference !== null && (
          <div className="mt-4 border-t border-slate-100 pt-3">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Reference</h3>
            <pre data-testid="sample-reference" className="mt-1 whitespace-pre-wrap break-words font-sans text-sm text-slate-800">
              {sample.reference}
            </pre>
          </div>
        )}
      </Card>
      <Card title="About this sample">
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Benchmark</dt>
            <dd>
              <Link className="text-indigo-700 underline-offset-2 hover:underline" href={`/leaderboard?benchmark=${encodeURIComponent(sample.benchmark)}`}>
                {sample.benchmark}
              </Link>
            </dd>
          </div>
          {sample.task && (
            <div>
              <dt className="text-xs text-slate-500">Task</dt>
              <dd>{sample.task}</dd>
            </div>
          )}
          {sample.tags.length > 0 && (
            <div>
              <dt className="text-xs text-slate-500">Tags</dt>
              <dd className="mt-0.5 flex flex-wrap gap-1">
                {sample.tags.map((t) => (
                  <Link key={t} href={`/leaderboard?tag=${encodeURIComponent(t)}`} className="rounded focus-visible:outline-2">
                    <Badge tone="indigo">{t}</Badge>
                  </Link>
                ))}
              </dd>
            </div>
          )}
          {meta.map(([k, v]) => (
            <div key={k}>
              <dt className="text-xs text-slate-500">{k}</dt>
              <dd className="break-words">{metadataValue(v)}</dd>
            </div>
          ))}
          <div>
            <dt className="text-xs text-slate-500">Models measured</dt>
            <dd>{sample.models.length}</dd>
          </div>
        </dl>
      </Card>
    </div>
  );
}
