"use client";

// The suggested next batch: the samples best first, with the downloads that carry them away (the
// task file to fill in and upload, or CSV).
import Link from "next/link";
import type { EvaluationPlanBody } from "@/lib/planning/selection-plan";
import { resendable, taskFileCsv, taskFileJsonl, taskFileName } from "@/lib/planning/task-file";
import { formatPercent } from "@/lib/format";
import { sampleHref } from "@/lib/samples/links";
import { columnsOf } from "@/lib/table/table-model";
import { DataTable } from "@/components/table/data-table";
import { Card } from "@/components/ui/card";

type Planned = EvaluationPlanBody["samples"][number];
const col = columnsOf<Planned & { order: number }>();

const COLUMNS = col.columns([
  col.accessor("order", { header: "#", meta: { align: "right", className: "w-10" } }),
  col.accessor("id", {
    header: "Sample",
    meta: { className: "whitespace-nowrap" },
    cell: ({ getValue }) => (
      <Link className="text-indigo-700 hover:underline" href={sampleHref(getValue())}>
        {getValue()}
      </Link>
    ),
  }),
  col.accessor("benchmark", { header: "Benchmark" }),
  col.accessor("input", { header: "Prompt", meta: { cellClassName: "max-w-md text-slate-700" }, cell: ({ getValue }) => excerpt(getValue()) }),
  col.accessor((r) => r.template.type, { id: "kind", header: "Result line" }),
  col.accessor("expected", {
    header: "Predicted outcome",
    meta: { align: "right", title: "The model's predicted outcome on the sample (1 = best), from its results so far" },
    cell: ({ getValue }) => formatPercent(getValue()),
  }),
]);

function excerpt(s: string): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > 140 ? `${one.slice(0, 139)}…` : one;
}

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function NextBatch({ plan, round, bundleHref }: { plan: EvaluationPlanBody; round: number; bundleHref: string }) {
  const rows = plan.samples.map((s, i) => ({ ...s, order: i + 1 }));
  const withBundledImages = plan.samples.filter((s) => !resendable(s)).length;
  const button = "rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50";
  return (
    <Card
      title={`Next batch: round ${round}, ${rows.length} sample${rows.length === 1 ? "" : "s"}`}
      actions={
        rows.length > 0 && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={button} onClick={() => download(taskFileName(plan.model, round, "jsonl"), "application/x-ndjson", taskFileJsonl(plan.samples))}>
              Download task file (JSONL)
            </button>
            {withBundledImages > 0 && (
              <a className={button} href={bundleHref} download>
                Download with images (.tar.gz)
              </a>
            )}
            <button type="button" className={button} onClick={() => download(taskFileName(plan.model, round, "csv"), "text/csv", taskFileCsv(plan.samples, plan.model))}>
              Download CSV
            </button>
          </div>
        )
      }
    >
      {rows.length > 0 ? (
        <>
          <p className="mb-3 text-xs text-slate-500">
            Best first. The task file holds each sample&apos;s line and a template line for {plan.model}&apos;s result with its value set to null: fill the values in and upload the file below. The CSV has
            the same rows in the portal&apos;s CSV results format (score samples only have a metric to fill in).
            {withBundledImages > 0 &&
              ` ${withBundledImages} of these samples have an image that came in a bundle: the plain task file holds only their template lines (a sample line without its image would replace the sample and drop the image when uploaded). The .tar.gz bundle holds the task file (plan.jsonl) with every sample's line, and those images: fill the values in plan.jsonl, pack the two again (tar czf) and upload the bundle; its sample lines change nothing.`}
          </p>
          <DataTable testId="next-batch" caption="The samples to run next, best first" captionClassName="sr-only" rows={rows} columns={COLUMNS} rowId={(r) => r.id} rowProps={(r) => ({ "data-sample": r.id })} />
        </>
      ) : (
        <p className="text-sm text-slate-600">Nothing left to plan on this selection.</p>
      )}
    </Card>
  );
}
