"use client";

// The /evaluate flow: choose the model and the selection, ask for a plan, take the batch away,
// upload its results, and ask again — the next plan places the model with what it learned and
// opens the next round.
import { useState } from "react";
import type { EvaluationPlanBody } from "@/lib/planning/selection-plan";
import { withPlan, type Round } from "@/lib/planning/rounds-history";
import { formatCount } from "@/lib/format";
import { rememberToken, useStoredToken } from "@/components/ui/stored-token";
import { Card } from "@/components/ui/card";
import { ErrorState, Notice } from "@/components/ui/states";
import { uploadFile, UploadError, type UploadReport } from "@/components/upload/upload-request";
import { UploadReportView } from "@/components/upload/upload-report";
import { NextBatch } from "./next-batch";
import { Placement, RoundsTable } from "./placement";
import { loadRounds, roundsKey, saveRounds } from "./stored-rounds";

interface Props {
  models: string[];
  benchmarks: { benchmark: string; samples: number }[];
}

const input = "mt-1 w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm shadow-sm";
const primary = "rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-slate-300";

export function EvaluateClient({ models, benchmarks }: Props) {
  const [model, setModel] = useState("");
  const [q, setQ] = useState("");
  const [benchmark, setBenchmark] = useState("");
  const [budget, setBudget] = useState("20");
  const [plan, setPlan] = useState<EvaluationPlanBody | null>(null);
  /** The model, capability and benchmark the plan shown was made for. */
  const [planInputs, setPlanInputs] = useState<string | null>(null);
  /** The query string of the request that made the plan on the page (its task bundle is asked for with it). */
  const [planQuery, setPlanQuery] = useState("");
  const [rounds, setRounds] = useState<Round[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"planning" | "uploading" | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const stored = useStoredToken();
  const [typed, setToken] = useState<string | null>(null);
  const token = typed ?? stored;
  const [report, setReport] = useState<UploadReport | null>(null);

  async function askPlan() {
    setBusy("planning");
    setError(null);
    const params = new URLSearchParams({ model: model.trim(), budget: budget.trim() });
    if (q.trim()) params.set("q", q.trim());
    if (benchmark) params.set("benchmark", benchmark);
    // The plan on the page answers these inputs; a failed request for others must not leave it
    // there as if it were theirs (its batch and upload form would be the wrong model's).
    const inputs = JSON.stringify([model.trim(), q.trim(), benchmark]);
    if (inputs !== planInputs) {
      setPlan(null);
      setRounds([]);
    }
    try {
      const res = await fetch(`/api/evaluation-plan?${params}`, { cache: "no-store" });
      const body = await res.json();
      if (!res.ok) throw new Error(body.error?.message ?? `The server answered ${res.status}`);
      const next = body as EvaluationPlanBody;
      const key = roundsKey(next.model, q.trim(), benchmark);
      const history = withPlan(loadRounds(key), next);
      saveRounds(key, history);
      setRounds(history);
      setPlan(next);
      setPlanInputs(inputs);
      setPlanQuery(params.toString());
    } catch (err) {
      setError(err instanceof Error ? err.message : "The plan could not be made");
    } finally {
      setBusy(null);
    }
  }

  async function upload(e: React.FormEvent) {
    e.preventDefault();
    if (!file || !token.trim()) return;
    rememberToken(token.trim());
    setBusy("uploading");
    setReport(null);
    setError(null);
    try {
      const r = await uploadFile(file, token.trim(), { partial: false, format: "", dryRun: false }, () => undefined);
      setReport(r);
      setBusy(null);
      if (r.status === "done") await askPlan();
    } catch (err) {
      setError(err instanceof UploadError ? err.message : "The upload failed unexpectedly");
      setBusy(null);
    }
  }

  return (
    <div className="space-y-5">
      <Card title="What to place">
        <form
          aria-label="Plan an evaluation"
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            void askPlan();
          }}
        >
          <label className="text-sm font-medium text-slate-800">
            Model
            <input className={input} list="known-models" required value={model} onChange={(e) => setModel(e.target.value)} placeholder="a new model's name, or one of the pool's" />
            <datalist id="known-models">
              {models.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
          </label>
          <label className="text-sm font-medium text-slate-800">
            Capability
            <input className={input} value={q} onChange={(e) => setQ(e.target.value)} placeholder="e.g. organic chemistry (empty: every sample)" />
          </label>
          <label className="text-sm font-medium text-slate-800">
            Benchmark
            <select className={input} value={benchmark} onChange={(e) => setBenchmark(e.target.value)}>
              <option value="">all benchmarks</option>
              {benchmarks.map((b) => (
                <option key={b.benchmark} value={b.benchmark}>
                  {b.benchmark} ({formatCount(b.samples)})
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            Samples per round (budget)
            <input className={input} type="number" min={1} max={10000} required value={budget} onChange={(e) => setBudget(e.target.value)} />
          </label>
          <div className="sm:col-span-2">
            <button type="submit" className={primary} disabled={busy !== null || !model.trim()}>
              {busy === "planning" ? "Planning…" : plan ? "Plan the next round" : "Plan"}
            </button>
          </div>
        </form>
      </Card>
      {error && <ErrorState title="That did not work">{error}</ErrorState>}
      {plan && (
        <>
          {plan.message && <Notice>{plan.message}</Notice>}
          <Placement plan={plan} />
          <RoundsTable rounds={rounds} />
          <NextBatch plan={plan} round={rounds.at(-1)?.round ?? 1} bundleHref={`/api/evaluation-plan/bundle?${planQuery}`} />
          <Card title="Upload the results">
            <form onSubmit={upload} aria-label="Upload results" className="space-y-3">
              <label className="block text-sm font-medium text-slate-800">
                Results file
                <input className="mt-1 block w-full text-sm" type="file" accept=".jsonl,.gz,.ndjson,.csv,.zip,.tgz" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
              </label>
              <label className="block text-sm font-medium text-slate-800">
                Upload token
                <input className={`${input} font-mono`} type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} placeholder="obp_…" />
              </label>
              <button type="submit" className={primary} disabled={!file || !token.trim() || busy !== null}>
                {busy === "uploading" ? "Uploading…" : "Upload and plan the next round"}
              </button>
            </form>
            {report && (
              <div className="mt-3">
                <UploadReportView report={report} />
              </div>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
