import Link from "next/link";
import { formatCount } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import { DataTable } from "@/components/table/data-table";
import type { UploadReport } from "./upload-request";

const COUNTS: [keyof UploadReport["counts"], string][] = [
  ["samples_new", "New samples"],
  ["samples_updated", "Updated samples"],
  ["measurements_new", "New measurements"],
  ["measurements_updated", "Updated measurements"],
  ["facts_new", "New model facts"],
  ["facts_updated", "Updated model facts"],
  ["duplicates", "Duplicates (unchanged)"],
  ["skipped", "Skipped records (other tools' files)"],
  ["rejected", "Rejected lines"],
];

const col = columnsOf<UploadReport["errors"][number]>();
const ERROR_COLUMNS = col.columns([
  col.accessor("line", { header: "Line", meta: { align: "right", className: "w-16" } }),
  col.accessor("message", { header: "Problem", meta: { cellClassName: "font-mono text-xs" } }),
]);

/** The report of an upload; a preview (dry run) says what would have been stored. */
export function UploadReportView({ report, preview = false }: { report: UploadReport; preview?: boolean }) {
  const ok = report.status === "done";
  const total = report.error_count ?? report.errors.length;
  return (
    <section aria-label="Upload report" data-testid="upload-report" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        {preview ? `Preview: ${ok ? "would be stored" : "would be rejected"}` : `Upload ${ok ? "stored" : "rejected"}`}
        <span className={`rounded px-1.5 py-0.5 text-xs ${ok ? "bg-emerald-50 text-emerald-700" : "bg-red-50 text-red-700"}`} data-testid="upload-status">
          {report.status}
        </span>
      </h2>
      {report.message && <p className="mt-1 text-sm text-slate-700">{report.message}</p>}
      {preview && ok && <p className="mt-1 text-sm text-slate-700" data-testid="preview-note">Nothing was stored: the counts below are what an upload of this file would store. Press Upload to store it.</p>}
      {!ok && <p className="mt-1 text-sm text-slate-700">Nothing from this file was stored. Fix the lines below, or tick “store valid lines only”.</p>}
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {COUNTS.map(([key, label]) => (
          <div key={key} className="rounded border border-slate-100 bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`count-${key}`}>
              {formatCount(report.counts[key])}
            </dd>
          </div>
        ))}
      </dl>
      {report.errors.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">Rejected lines</h3>
          <div className="mt-2">
            <DataTable
              testId="rejected-lines"
              className="w-full"
              rows={report.errors}
              columns={ERROR_COLUMNS}
              rowId={(e, i) => `${i}:${e.line}`}
              scroll={{ maxHeight: "20rem", label: "Rejected lines (scrollable)", rowHeight: 32 }}
            />
          </div>
          {total > report.errors.length && <p className="mt-1 text-xs text-slate-500">…and {formatCount(total - report.errors.length)} more rejected lines.</p>}
        </div>
      )}
      {ok && !preview && (
        <p className="mt-4 text-sm">
          <Link href="/" className="text-indigo-700 underline">
            See the leaderboards
          </Link>{" "}
          — they include the new results now; saved leaderboards refresh in the background.
        </p>
      )}
    </section>
  );
}
