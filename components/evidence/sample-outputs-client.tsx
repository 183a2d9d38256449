"use client";

import { useCallback, useDeferredValue, useEffect, useRef, useState } from "react";
import { formatValue } from "@/lib/format";
import type { SampleDetail } from "@/lib/samples/detail";
import { isPartial } from "@/lib/samples/fold";
import { sampleHref } from "@/lib/samples/links";
import { matchesOutput, sampleOutputs, type PairOutput, type SampleOutput, type ScoredOutput, type VerdictFilter } from "@/lib/samples/outputs";
import { Badge } from "@/components/ui/badge";
import { FoldedOutput } from "./folded-output-client";

/**
 * Entries drawn at first (and per "show more"); arena samples can hold hundreds of judged pairs.
 * Each entry is in the HTML and again in the page's flight data: 60 of them were ~90 KiB of the
 * server's render of a 60-model sample (bench:import), 20 fill a screen.
 */
const PAGE = 20;

function JudgeNote({ judge }: { judge: string | null }) {
  return judge ? <span className="text-xs text-slate-500">judge {judge}</span> : null;
}

function Scored({ o, onUnfold }: { o: ScoredOutput; onUnfold: () => void }) {
  return (
    <li className="rounded border border-slate-200 p-3" data-testid="output-entry" data-model={o.model} data-verdict={o.verdict ?? "none"}>
      <div className="mb-1 flex flex-wrap items-center gap-2 text-sm">
        <a className="font-semibold text-indigo-700 underline-offset-2 hover:underline" href={`/models/${encodeURIComponent(o.model)}`}>
          {o.model}
        </a>
        <span className="text-slate-600">
          {o.kind === "unit_test" ? "criterion" : "metric"} <code>{o.key}</code> = <strong className="tabular-nums" data-testid="output-value">{formatValue(o.value)}</strong>
        </span>
        {o.verdict && <Badge tone={o.verdict === "correct" ? "green" : "red"}>{o.verdict}</Badge>}
        <JudgeNote judge={o.judge} />
      </div>
      <FoldedOutput text={o.output} length={o.length} onUnfold={onUnfold} label={`output of ${o.model}`} />
    </li>
  );
}

function Side({ model, text, length, won, onUnfold }: { model: string; text: string | null; length: number | null; won: boolean; onUnfold: () => void }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-sm">
        <a className="font-semibold text-indigo-700 underline-offset-2 hover:underline" href={`/models/${encodeURIComponent(model)}`}>
          {model}
        </a>{" "}
        {won && <Badge tone="green">preferred</Badge>}
      </p>
      {text === null ? <p className="text-sm text-slate-500">No output stored.</p> : <FoldedOutput text={text} length={length ?? text.length} onUnfold={onUnfold} label={`output of ${model}`} />}
    </div>
  );
}

function Pair({ o, onUnfold }: { o: PairOutput; onUnfold: () => void }) {
  return (
    <li className="rounded border border-slate-200 p-3" data-testid="output-pair">
      <p className="mb-2 text-xs text-slate-500">
        pairwise{o.id ? ` ${o.id}` : ""} · {o.winner === "tie" ? "tie" : "winner " + (o.winner === "a" ? o.model_a : o.model_b)}
        {o.p_a !== null && ` · p_a = ${formatValue(o.p_a)}`} {o.judge && `· judge ${o.judge}`}
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        <Side model={o.model_a} text={o.output_a} length={o.length_a} won={o.winner === "a"} onUnfold={onUnfold} />
        <Side model={o.model_b} text={o.output_b} length={o.length_b} won={o.winner === "b"} onUnfold={onUnfold} />
      </div>
    </li>
  );
}

const FILTERS: [VerdictFilter, string][] = [
  ["all", "All"],
  ["correct", "Correct"],
  ["incorrect", "Incorrect"],
];

/**
 * The whole outputs of a sample whose page sent only their starts (lib/samples/fold.ts), fetched
 * once from GET /api/samples/{id} when `load` is first called.
 */
function useWholeOutputs(sampleId: string, folded: SampleOutput[]) {
  const [whole, setWhole] = useState<SampleOutput[] | null>(isPartial(folded) ? null : folded);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    fetch(`/api${sampleHref(sampleId)}`)
      .then((res) => (res.ok ? (res.json() as Promise<SampleDetail>) : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((detail) => setWhole(sampleOutputs(detail.measurements)))
      .catch((err: Error) => {
        started.current = false;
        setError(`The whole outputs could not be loaded (${err.message}): search looks at their starts only.`);
      });
  }, [sampleId]);
  return { outputs: whole ?? folded, complete: whole !== null, error, load };
}

/** The models' outputs on one sample beside its reference: filter by verdict, search inside the outputs. */
export function SampleOutputs({ sampleId, outputs: folded, reference }: { sampleId: string; outputs: SampleOutput[]; reference: string | null }) {
  const [filter, setFilter] = useState<VerdictFilter>("all");
  const [search, setSearch] = useState("");
  const [limit, setLimit] = useState(PAGE);
  const needle = useDeferredValue(search);
  const { outputs, complete, error, load } = useWholeOutputs(sampleId, folded);
  useEffect(() => {
    if (needle.trim() && !complete) load();
  }, [needle, complete, load]);
  const hasVerdicts = outputs.some((o) => o.kind !== "pairwise" && o.verdict !== null);
  const shown = outputs.map((o, i) => ({ o, i })).filter(({ o }) => matchesOutput(o, filter, needle));
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <aside className="lg:sticky lg:top-4 lg:self-start">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Reference</h3>
        {reference === null ? (
          <p className="mt-1 text-sm text-slate-500">This sample has no reference answer.</p>
        ) : (
          <pre data-testid="outputs-reference" className="mt-1 whitespace-pre-wrap break-words rounded bg-emerald-50 p-2 font-sans text-sm text-slate-800">
            {reference}
          </pre>
        )}
      </aside>
      <div className="space-y-3 lg:col-span-2">
        <div className="flex flex-wrap items-center gap-3 text-sm" role="search">
          {hasVerdicts && (
            <fieldset className="flex gap-2">
              <legend className="sr-only">Show outputs that were</legend>
              {FILTERS.map(([value, label]) => (
                <label key={value} className="flex items-center gap-1">
                  <input type="radio" name="verdict" value={value} checked={filter === value} onChange={() => setFilter(value)} />
                  {label}
                </label>
              ))}
            </fieldset>
          )}
          <label className="flex items-center gap-2">
            <span>Search outputs</span>
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="rounded border border-slate-300 px-2 py-1"
              data-testid="output-search"
              placeholder="text or model"
            />
          </label>
          <span className="text-slate-500" data-testid="output-count" aria-live="polite">
            {shown.length} of {outputs.length}
            {needle.trim() && !complete && !error && " (searching the whole outputs…)"}
          </span>
        </div>
        {error && <p className="text-sm text-amber-700">{error}</p>}
        {shown.length === 0 ? (
          <p className="text-sm text-slate-500">No output matches.</p>
        ) : (
          <ul className="space-y-3">
            {shown.slice(0, limit).map(({ o, i }) => (o.kind === "pairwise" ? <Pair key={i} o={o} onUnfold={load} /> : <Scored key={i} o={o} onUnfold={load} />))}
          </ul>
        )}
        {shown.length > limit && (
          <button type="button" className="text-sm text-indigo-700 underline" onClick={() => setLimit(limit + PAGE)}>
            Show {Math.min(PAGE, shown.length - limit)} more of {shown.length - limit}
          </button>
        )}
      </div>
    </div>
  );
}
