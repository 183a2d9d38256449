// The model outputs of one sample as the sample page shows them: one entry per measurement that
// stored an output (results-format v1.1), with the value it got and, on 0/1 metrics, a verdict.
// A verdict needs a known "right" value: a score metric whose values on this sample are all 0 or 1
// (1 is correct when higher is better, 0 otherwise), or a unit test on a 0–1 scale. Other values
// (BLEU, a 1–5 rubric) have no verdict: calling 0.6 "incorrect" would be a guess.
import type { RawMeasurement } from "./raw-measurements";

export type Verdict = "correct" | "incorrect" | null;

export interface ScoredOutput {
  kind: "score" | "unit_test";
  model: string;
  /** the metric or criterion */
  key: string;
  value: number;
  verdict: Verdict;
  judge: string | null;
  output: string;
  /** characters of the whole output (`output` may be only its start: lib/samples/fold.ts) */
  length: number;
}

export interface PairOutput {
  kind: "pairwise";
  id: string | null;
  model_a: string;
  model_b: string;
  winner: "a" | "b" | "tie";
  p_a: number | null;
  judge: string | null;
  output_a: string | null;
  output_b: string | null;
  /** characters of the whole outputs, null when not stored */
  length_a: number | null;
  length_b: number | null;
}

export type SampleOutput = ScoredOutput | PairOutput;

const isBinary = (v: number) => v === 0 || v === 1;

/** The outputs stored on a sample's measurements, in the measurements' order (best value first per metric). */
export function sampleOutputs(measurements: readonly RawMeasurement[]): SampleOutput[] {
  const binaryMetric = new Map<string, boolean>();
  for (const m of measurements) {
    if (m.type === "score") binaryMetric.set(m.metric, (binaryMetric.get(m.metric) ?? true) && isBinary(m.value));
  }
  const out: SampleOutput[] = [];
  for (const m of measurements) {
    if (m.type === "score" && m.output !== undefined) {
      const verdict: Verdict = binaryMetric.get(m.metric) ? (m.value === (m.higher_is_better ? 1 : 0) ? "correct" : "incorrect") : null;
      out.push({ kind: "score", model: m.model, key: m.metric, value: m.value, verdict, judge: m.judge ?? null, output: m.output, length: m.output.length });
    } else if (m.type === "unit_test" && m.output !== undefined) {
      const binary = m.scale[0] === 0 && m.scale[1] === 1 && isBinary(m.value);
      const verdict: Verdict = binary ? (m.value === 1 ? "correct" : "incorrect") : null;
      out.push({ kind: "unit_test", model: m.model, key: m.criterion, value: m.value, verdict, judge: m.judge ?? null, output: m.output, length: m.output.length });
    } else if (m.type === "pairwise" && (m.output_a !== undefined || m.output_b !== undefined)) {
      out.push({
        kind: "pairwise",
        id: m.id,
        model_a: m.model_a,
        model_b: m.model_b,
        winner: m.winner,
        p_a: m.p_a,
        judge: m.judge ?? null,
        output_a: m.output_a ?? null,
        output_b: m.output_b ?? null,
        length_a: m.output_a?.length ?? null,
        length_b: m.output_b?.length ?? null,
      });
    }
  }
  return out;
}

export type VerdictFilter = "all" | "correct" | "incorrect";

/** Whether an entry passes the verdict filter and contains `search` (case-insensitive) in an output or a model name. */
export function matchesOutput(o: SampleOutput, filter: VerdictFilter, search: string): boolean {
  if (filter !== "all" && (o.kind === "pairwise" || o.verdict !== filter)) return false;
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const texts = o.kind === "pairwise" ? [o.output_a ?? "", o.output_b ?? "", o.model_a, o.model_b] : [o.output, o.model];
  return texts.some((t) => t.toLowerCase().includes(needle));
}
