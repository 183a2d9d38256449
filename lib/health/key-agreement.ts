// "The top models all answered X but the key says Y": where outputs are stored, the strongest
// models on a sample's benchmark (ability α from ./item-fit.ts) that were scored wrong and wrote
// the same answer (after ./answer-match.ts normalisation). Strong models rarely fail on the same
// distractor; when they agree against the key, the key is the likelier error. An answer equal to
// the reference after normalisation is the scorer's bug (answer_normalisation), not the key's.
import { normaliseAnswer } from "./answer-match";
import { WROTE_A, WROTE_OTHER, type OutputCandidates } from "./key-posterior";
import type { Outcomes } from "./outcomes";

/** How many of the strongest models with a stored output on the sample are asked. */
export const TOP_MODELS = 5;
/** How many of them must be scored wrong with one same answer. */
export const AGREE_MIN = 4;

export interface JudgedOutput {
  sample: number;
  model: number;
  output: string;
  /** ./outcomes.ts goodness of the measurement: below 1/2 counts as scored wrong */
  goodness: number;
}

export interface KeyAgreement {
  /** the answer the top models agree on, as the first of them wrote it */
  answer: string;
  models: number[];
  /** how many top models were asked */
  of: number;
}

export function topModelsAgainstKey(outputs: readonly JudgedOutput[], references: readonly (string | null)[], bench: Int32Array, ability: Float64Array, nModels: number): Map<number, KeyAgreement> {
  const bySample = new Map<number, JudgedOutput[]>();
  for (const o of outputs) {
    if (!Number.isFinite(ability[bench[o.sample] * nModels + o.model])) continue;
    const list = bySample.get(o.sample);
    if (list) list.push(o);
    else bySample.set(o.sample, [o]);
  }
  const out = new Map<number, KeyAgreement>();
  for (const [s, list] of bySample) {
    const strength = (o: JudgedOutput) => ability[bench[s] * nModels + o.model];
    const top = list.sort((x, y) => strength(y) - strength(x) || x.model - y.model).slice(0, TOP_MODELS);
    const reference = references[s] == null ? null : normaliseAnswer(references[s]!);
    const groups = new Map<string, JudgedOutput[]>();
    for (const o of top) {
      const answer = normaliseAnswer(o.output);
      if (o.goodness >= 0.5 || answer === "" || answer === reference) continue;
      groups.set(answer, [...(groups.get(answer) ?? []), o]);
    }
    for (const g of groups.values()) {
      if (g.length >= AGREE_MIN) out.set(s, { answer: g[0].output.trim(), models: g.map((o) => o.model), of: top.length });
    }
  }
  return out;
}

/**
 * The Pólya urn of the other wrong answers counts at least this many possible ones (more when
 * more are written): with only the ones written, 29 models agreeing on one answer cost nothing
 * as "other" answers, and a rare candidate explained them away (bench:health, uniform wrong keys
 * with outputs: recall 0.63 at 1, 0.66 at 4, at the same precision).
 */
export const MIN_OTHER_ANSWERS = 4;

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let k = logFactorials.length; k <= n; k++) logFactorials.push(logFactorials[k - 1] + Math.log(k));
  return logFactorials[n];
}

/**
 * At most this many of a sample's most written wrong answers are candidates for A (./key-posterior.ts).
 * bench:health, uniformly random wrong keys with outputs (10 options), best recall at precision 0.5,
 * seeds 7 and 9: 2 → 0.77 / 0.74, 4 → 0.82 / 0.79, 6 → 0.83 / 0.81, 8 → 0.84 / 0.81.
 */
export const CANDIDATES = 6;

/**
 * Per outcome row of `o` (./outcomes.ts), what its model wrote when scored wrong, for
 * ./key-posterior.ts, against each of the sample's CANDIDATES most written wrong answers
 * (normalised; ties: the first in code-point order): WROTE_A when it wrote that candidate,
 * WROTE_OTHER for another wrong answer, NO_OUTPUT without a stored wrong answer (none stored,
 * scored right, empty, or equal to the reference: the scorer's bug). The true answer behind a
 * wrong key is often not the most written wrong answer: when few (strong) models know it, a
 * popular distractor of the others outnumbers it.
 */
export function outputCategories(o: Outcomes, outputs: readonly JudgedOutput[], references: readonly (string | null)[], candidates = CANDIDATES): OutputCandidates {
  const category = Array.from({ length: candidates }, () => new Uint8Array(o.value.length));
  const count = new Uint8Array(o.nSamples);
  const logWeight = Array.from({ length: candidates }, () => new Float64Array(o.nSamples));
  const bySample = new Map<number, Map<number, string>>();
  for (const x of outputs) {
    if (x.goodness >= 0.5) continue;
    const answer = normaliseAnswer(x.output);
    const reference = references[x.sample];
    if (answer === "" || (reference != null && answer === normaliseAnswer(reference))) continue;
    const answers = bySample.get(x.sample) ?? new Map<number, string>();
    if (!answers.has(x.model)) answers.set(x.model, answer);
    bySample.set(x.sample, answers);
  }
  for (const [s, answers] of bySample) {
    const tally = new Map<string, number>();
    for (const a of answers.values()) tally.set(a, (tally.get(a) ?? 0) + 1);
    const sorted = [...tally].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
    const top = sorted.slice(0, candidates).map((e) => e[0]);
    count[s] = top.length;
    // Against candidate j, the other wrong answers (M distinct ones, N writers) as a Pólya urn with a
    // uniform Dirichlet prior: Γ(M)/Γ(M + N) · Π n_a! (same for both hypotheses; it weighs the candidates).
    const m = Math.max(MIN_OTHER_ANSWERS, sorted.length - 1);
    const written = sorted.reduce((t, e) => t + e[1], 0);
    const all = sorted.reduce((t, e) => t + logFactorial(e[1]), 0);
    top.forEach((_, j) => (logWeight[j][s] = logFactorial(m - 1) - logFactorial(m + written - sorted[j][1] - 1) + all - logFactorial(sorted[j][1])));
    for (let q = o.offsets[s]; q < o.offsets[s + 1]; q++) {
      const a = answers.get(o.model[q]);
      if (a !== undefined) top.forEach((t, j) => (category[j][q] = a === t ? WROTE_A : WROTE_OTHER));
    }
  }
  return { category, count, logWeight };
}
