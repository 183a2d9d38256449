// "The top models all answered X but the key says Y": where outputs are stored, the strongest
// models on a sample's benchmark (ability α from ./item-fit.ts) that were scored wrong and wrote
// the same answer (after ./answer-match.ts normalisation). Strong models rarely fail on the same
// distractor; when they agree against the key, the key is the likelier error. An answer equal to
// the reference after normalisation is the scorer's bug (answer_normalisation), not the key's.
import { normaliseAnswer } from "./answer-match";

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
