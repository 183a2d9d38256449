// Wrong answer keys planted in a copy of a multiple-choice benchmark's health input (bench:health):
// a share of the questions get a key drawn uniformly from their other options. Models that were
// right become wrong; a model that was wrong now "picks the key" — scores right — with probability
//   p = a number:   the same p for every question (p = 1: every wrong model had chosen exactly the
//                   option that became the key, the easiest case to detect);
//   p = "uniform":  1/(k − 1) on a question with k options: a wrong model's answer is uniform over
//                   the distractors, so it lands on the planted key as often as on any other.
// With outputs, every score gets a simulated output: a right model writes the true letter, a wrong
// one the key (when it picks it), else the question's popular distractor with probability 1/2,
// else another letter — on the clean copy (share 0) too, to count false alarms.
import type { HealthInput } from "../../lib/health/report";
import { Prng } from "../../lib/ranking/prng";

const LETTERS = "ABCDEFGHIJ";

export type KeyPick = number | "uniform";

/** A letter of the first n other than those excluded. */
function otherLetter(rng: Prng, n: number, not: string[]): string {
  const pool = LETTERS.slice(0, n).split("").filter((l) => !not.includes(l));
  return pool[Math.floor(rng.next() * pool.length)] ?? not[0];
}

/** Options (A), (B), … at the start of a line of the question; at least 2. */
export const optionCount = (input: string) => Math.max(2, (input.match(/^\([A-J]\)/gm) ?? []).length);

export function plantWrongKeys(h: HealthInput, share: number, p: KeyPick, seed: number, outputs: boolean): { input: HealthInput; planted: Set<number> } {
  const rng = new Prng(seed);
  const planted = new Set<number>();
  const options = h.texts.inputs.map(optionCount);
  const truth = h.texts.references.map((r) => r ?? "A");
  const key = truth.map((t, s) => (rng.next() < share ? (planted.add(s), otherLetter(rng, options[s], [t])) : t));
  const distractor = truth.map((t, s) => otherLetter(rng, options[s], [t, key[s]]));
  const pick = options.map((k) => (p === "uniform" ? 1 / (k - 1) : p));
  const { sample, model, metric } = h.batch.score;
  const value = h.batch.score.value.slice();
  const out: HealthInput["outputs"] = [];
  for (let r = 0; r < value.length; r++) {
    const s = sample[r];
    const wasRight = value[r] === 1;
    const picksKey = planted.has(s) && !wasRight && rng.next() < pick[s];
    if (planted.has(s)) value[r] = picksKey ? 1 : 0;
    const written = wasRight ? truth[s] : picksKey ? key[s] : rng.next() < 0.5 ? distractor[s] : otherLetter(rng, options[s], [truth[s], key[s]]);
    if (outputs) out.push({ sample: s, model: h.batch.modelNames[model[r]], metric: h.batch.metricNames[metric[r]], value: value[r], higherIsBetter: true, output: written });
  }
  const batch = { ...h.batch, score: { ...h.batch.score, value } };
  return { input: { ...h, batch, outputs: out, texts: { ...h.texts, references: key } }, planted };
}
