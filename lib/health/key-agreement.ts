// "The top models all answered X but the key says Y": where outputs are stored, the strongest
// models on a sample's benchmark (ability α from ./item-fit.ts) that were scored wrong and wrote
// the same answer (after ./answer-match.ts normalisation). Strong models rarely fail on the same
// distractor; when they agree against the key, the key is the likelier error. An answer equal to
// the reference after normalisation is the scorer's bug (answer_normalisation), not the key's.
import { normaliseAnswer } from "./answer-match";
import { WROTE_A, WROTE_OTHER } from "./key-posterior";
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
 * Per outcome row of `o` (./outcomes.ts), what its model wrote when scored wrong, for
 * ./key-posterior.ts: WROTE_A when it wrote the sample's most written wrong answer A (normalised;
 * ties: the first in code-point order), WROTE_OTHER for another one, NO_OUTPUT without a stored
 * wrong answer (none stored, scored right, empty, or equal to the reference: the scorer's bug).
 */
export function outputCategories(o: Outcomes, outputs: readonly JudgedOutput[], references: readonly (string | null)[]): Uint8Array {
  const out = new Uint8Array(o.value.length);
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
    const count = new Map<string, number>();
    for (const a of answers.values()) count.set(a, (count.get(a) ?? 0) + 1);
    const top = [...count].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0][0];
    for (let q = o.offsets[s]; q < o.offsets[s + 1]; q++) {
      const a = answers.get(o.model[q]);
      if (a !== undefined) out[q] = a === top ? WROTE_A : WROTE_OTHER;
    }
  }
  return out;
}
