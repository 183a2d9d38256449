// AlpacaEval annotations (tatsu-lab/alpaca_eval, results/<model>/<annotator>/annotations.json): a
// JSON array of {instruction, output_1, generator_1, output_2, generator_2, annotator, preference,
// dataset, …}. `preference` is in [1, 2]: 1 = output_1 better, 2 = output_2 better, 1.5 (or the
// legacy 0) = a draw, fractions from weighted annotators; null/missing = not annotated.
// AlpacaEval's win rate of generator_2 is mean(preference − 1) over annotated records and its
// discrete win rate counts preference rounded to the nearest side, 1.5 as half
// (alpaca_eval/metrics/helpers.py, AbsoluteScoringRule / ZeroOneScoringRule). So a pairwise line
// gets p_a = 2 − preference (p_a is generator_1's) and the winner of the rounded preference.
import { evidence } from "./evidence";
import { fileJson, fileProblem } from "./files";
import { fileError, type Converted, type Converter, type ConvertOptions, type Origin, type PairwiseLine, type UploadFile } from "./records";
import { stableId } from "./stable-id";

const BENCHMARK = "alpaca-eval";
const EXPECTS = 'AlpacaEval annotations: a JSON array of objects with "instruction", "generator_1", "output_1", "generator_2", "output_2" and "preference"';

type Mapped = { error: { field: string | null; message: string } } | { skipped: string } | { pairwise: PairwiseLine; instruction: string; dataset?: string };

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

function nonEmpty(o: Record<string, unknown>, field: string): string | { error: { field: string; message: string } } {
  const v = o[field];
  if (typeof v === "string" && v.trim() !== "") return v;
  return { error: { field, message: v === undefined ? "is required" : `must be a non-empty string (got ${show(v)})` } };
}

/** AlpacaEval preference → (winner, p_a) for generator_1 as model a. */
export function preferenceOutcome(preference: number): { winner: "a" | "b" | "tie"; p_a: number } {
  const p = preference === 0 ? 1.5 : preference;
  return { winner: p === 1.5 ? "tie" : p < 1.5 ? "a" : "b", p_a: 2 - p };
}

function mapRecord(value: unknown, sampleOf: (instruction: string) => string): Mapped {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { error: { field: null, message: `must be an object (got ${show(value)})` } };
  }
  const o = value as Record<string, unknown>;
  const instruction = nonEmpty(o, "instruction");
  if (typeof instruction !== "string") return instruction;
  const g1 = nonEmpty(o, "generator_1");
  if (typeof g1 !== "string") return g1;
  const g2 = nonEmpty(o, "generator_2");
  if (typeof g2 !== "string") return g2;
  const pref = o.preference;
  if (pref === null || pref === undefined) return { skipped: "not annotated (preference is null)" };
  if (typeof pref !== "number" || !Number.isFinite(pref) || (pref !== 0 && (pref < 1 || pref > 2))) {
    return { error: { field: "preference", message: `must be a number from 1 to 2, 0 or null (got ${show(pref)})` } };
  }
  if (g1 === g2) return { skipped: `the baseline against itself (generator_1 = generator_2 = ${show(g1)})` };
  const judge = typeof o.annotator === "string" && o.annotator.trim() !== "" ? o.annotator : undefined;
  const sample = sampleOf(instruction);
  const pairwise: PairwiseLine = {
    type: "pairwise",
    id: stableId(BENCHMARK, [instruction, g1, g2, judge ?? null]),
    sample,
    model_a: g1,
    model_b: g2,
    ...preferenceOutcome(pref),
  };
  const outA = evidence(o.output_1);
  const outB = evidence(o.output_2);
  if (outA !== undefined) pairwise.output_a = outA;
  if (outB !== undefined) pairwise.output_b = outB;
  if (judge !== undefined) pairwise.judge = judge;
  return { pairwise, instruction, dataset: typeof o.dataset === "string" && o.dataset !== "" ? o.dataset : undefined };
}

async function* convertFile(file: UploadFile, benchmark: string, seen: Set<string>): AsyncGenerator<Converted[]> {
  const sampleOf = (instruction: string) => stableId(benchmark, [instruction]);
  try {
    for await (const items of fileJson(file)) {
      const out: Converted[] = [];
      for (const item of items) {
        if (item.kind === "start") {
          if (item.container !== "array") {
            yield [fileError(file.path, `expected ${EXPECTS}; found a JSON object`)];
            return;
          }
          continue;
        }
        if (item.kind === "member") continue;
        const origin: Origin = { file: file.path, index: item.index };
        if (item.kind === "bad-element") {
          out.push({ kind: "error", origin, field: null, message: item.message });
          continue;
        }
        const m = mapRecord(item.value, sampleOf);
        if ("error" in m) out.push({ kind: "error", origin, ...m.error });
        else if ("skipped" in m) out.push({ kind: "skipped", origin, reason: m.skipped });
        else {
          const id = m.pairwise.sample;
          if (!seen.has(id)) {
            seen.add(id);
            const metadata = m.dataset ? { dataset: m.dataset } : undefined;
            out.push({ kind: "record", origin, record: { type: "sample", id, benchmark, input: m.instruction, ...(metadata && { metadata }) } });
          }
          out.push({ kind: "record", origin, record: m.pairwise });
        }
      }
      if (out.length) yield out;
    }
  } catch (err) {
    yield [fileProblem(file, err, EXPECTS)];
  }
}

export const alpacaEval: Converter = {
  format: "alpaca-eval",
  expects: EXPECTS,
  async *convert(files: readonly UploadFile[], options: ConvertOptions = {}) {
    const seen = new Set<string>();
    for (const file of files) yield* convertFile(file, options.benchmark ?? BENCHMARK, seen);
  },
};
