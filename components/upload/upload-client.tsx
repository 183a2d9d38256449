"use client";

import { useState } from "react";
import { rememberToken, useStoredToken } from "@/components/ui/stored-token";
import { uploadFile, UploadError, type Phase, type UploadReport } from "./upload-request";
import { formatBytes } from "@/lib/format";
import { FORMAT_LABELS } from "./format-options";
import { UploadReportView } from "./upload-report";

export function UploadClient() {
  const [file, setFile] = useState<File | null>(null);
  const stored = useStoredToken();
  const [typed, setToken] = useState<string | null>(null);
  const token = typed ?? stored;
  const [partial, setPartial] = useState(false);
  const [format, setFormat] = useState("");
  const [preview, setPreview] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase | null>(null);
  const [report, setReport] = useState<UploadReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** What the form still needs before it can be sent (its buttons are disabled meanwhile), or null. */
  const missing = !file ? (token.trim() ? "Choose a file to continue." : "Choose a file and enter your upload token to continue.") : token.trim() ? null : "Enter your upload token to continue.";

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file || !token.trim()) return;
    // Which button sent the form: "Preview" is a dry run of the same upload.
    const dryRun = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "preview";
    rememberToken(token.trim());
    setReport(null);
    setError(null);
    setPhase({ phase: "uploading", fraction: 0 });
    try {
      setReport(await uploadFile(file, token.trim(), { partial, format, dryRun }, setPhase));
      setPreview(dryRun);
    } catch (err) {
      setError(err instanceof UploadError ? err.message : "The upload failed unexpectedly");
    } finally {
      setPhase(null);
    }
  }

  const busy = phase !== null;
  return (
    <div className="space-y-5">
      <form onSubmit={submit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Upload results">
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            if (e.dataTransfer.files[0]) setFile(e.dataTransfer.files[0]);
          }}
          className={`rounded-md border-2 border-dashed p-6 text-center text-sm ${dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300"}`}
        >
          <label htmlFor="results-file" className="font-medium text-slate-800">
            Results file
          </label>
          <p className="mt-1 text-slate-600">Drop a results file (.jsonl or .jsonl.gz), another tool’s file (AlpacaEval annotations, Arena battles, MT-Bench judgments, an Inspect log or .eval, CSV) or a run folder as .zip / .tar.gz (HELM, lm-eval) here, or choose one.</p>
          <input
            id="results-file"
            name="file"
            type="file"
            accept=".jsonl,.gz,.json,.ndjson,.csv,.zip,.tgz,.eval,application/gzip,application/x-ndjson,text/csv,application/zip"
            className="mt-3 block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-indigo-600 file:px-3 file:py-1.5 file:text-white"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {file && (
            <p className="mt-2 text-slate-700" data-testid="chosen-file">
              {file.name} · {formatBytes(file.size)}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="token" className="block text-sm font-medium text-slate-800">
            Upload token
          </label>
          <input
            id="token"
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            placeholder="obp_…"
            className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-sm"
          />
          <p className="mt-1 text-xs text-slate-500">Remembered in this browser. Create one with <code>npm run token -- create NAME</code>.</p>
        </div>
        <div>
          <label htmlFor="format" className="block text-sm font-medium text-slate-800">
            Format
          </label>
          <select id="format" value={format} onChange={(e) => setFormat(e.target.value)} className="mt-1 rounded border border-slate-300 px-2 py-1.5 text-sm">
            <option value="">Detect from the content</option>
            {Object.entries(FORMAT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-500">
            What maps to what for each format: <a className="underline" href="/about#formats">About → other tools&apos; files</a>.
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={partial} onChange={(e) => setPartial(e.target.checked)} />
          Store valid lines only (otherwise one invalid line rejects the whole file)
        </label>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            value="preview"
            disabled={missing !== null || busy}
            className="rounded border border-indigo-300 bg-white px-4 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:text-slate-400"
          >
            Preview (nothing stored)
          </button>
          <button
            type="submit"
            value="upload"
            disabled={missing !== null || busy}
            className="rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-slate-300"
          >
            {busy ? "Working…" : "Upload"}
          </button>
          {!busy && missing && (
            <p className="self-center text-xs text-slate-500" data-testid="upload-needs">
              {missing}
            </p>
          )}
        </div>
      </form>
      {phase && <ProgressBar phase={phase} />}
      {error && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </div>
      )}
      {report && <UploadReportView report={report} preview={preview} />}
    </div>
  );
}

function ProgressBar({ phase }: { phase: Phase }) {
  const pct = Math.round(phase.fraction * 100);
  const label = phase.phase === "uploading" ? `Uploading… ${pct}%` : `Validating and storing… ${pct}%`;
  return (
    <div>
      <div className="mb-1 text-sm text-slate-700" aria-live="polite">
        {label}
      </div>
      <div role="progressbar" aria-label={label} aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} className="h-2 w-full overflow-hidden rounded bg-slate-200">
        <div className={`h-full ${phase.phase === "uploading" ? "bg-indigo-500" : "bg-emerald-500"}`} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
