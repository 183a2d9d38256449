// Suspicious samples with their evidence: likely wrong reference answers (the posterior of
// ./key-posterior.ts; as evidence the mirrored-item likelihood ratio of ./item-fit.ts, the
// strongest models agreeing on one answer against the key, ./key-agreement.ts, and the
// item–strength correlation of ./discrimination.ts),
// exact and near duplicates across the pool (./duplicates.ts), empty or trivial inputs (./inputs.ts).
import type { Discrimination } from "./discrimination";
import type { KeyAgreement } from "./key-agreement";
import type { KeyPosterior } from "./key-posterior";
import type { VectorPair } from "./vector-duplicates";
import { duplicateKeys, exactDuplicateGroups, nearPairsWithImages, normaliseText } from "./duplicates";
import { inputProblem } from "./inputs";
import { EXPECTED_KEYS_FACTOR, FALSE_DISCOVERY } from "./thresholds";
import type { SampleFlag } from "./types";

export interface SampleTexts {
  ids: readonly string[];
  benchmarks: readonly string[];
  inputs: readonly string[];
  /** per sample, its image's identity (SHA-256, or `url:` and the URL it is fetched from); null: no image */
  images: readonly (string | null)[];
}

const fmt = (x: number, d = 2) => x.toFixed(d).replace(/^-/, "−");

export interface WrongKeyEvidence {
  /** the posterior of a wrong key per sample and the samples it flags (./key-posterior.ts) */
  key: KeyPosterior;
  /** Λ of ./item-fit.ts per sample: evidence shown beside the posterior */
  ratio: Float64Array;
  discrimination: Discrimination;
  agreement: Map<number, KeyAgreement>;
  modelNames: readonly string[];
  references: readonly (string | null)[];
}

const orNull = (x: number) => (Number.isNaN(x) ? null : x);

export function wrongKeyFlags(e: WrongKeyEvidence): SampleFlag[] {
  const out: SampleFlag[] = [];
  const { r, z, n } = e.discrimination;
  for (let s = 0; s < e.key.flagged.length; s++) {
    if (!e.key.flagged[s]) continue;
    const posterior = e.key.posterior[s];
    const agreed = e.agreement.get(s);
    const set = e.key.byExpectedCount[s] ? `its ${EXPECTED_KEYS_FACTOR} × expected number of wrong keys most probable` : `a set with at most ${Math.round(FALSE_DISCOVERY * 100)}% expected false alarms`;
    const odds = `among the benchmark's likeliest wrong keys (${set}), its own probability of a wrong key ${fmt(posterior)} (log Bayes factor ${fmt(e.key.logBayes[s], 1)} over a right key, at the benchmark's fitted difficulties and share of wrong keys)`;
    const outcomes = Number.isNaN(r[s]) ? odds : `${odds}; correlation with model strength r = ${fmt(r[s])} over ${n[s]} models`;
    out.push({
      sample: s,
      code: "negative_discrimination",
      severity: "warning",
      message: agreed
        ? `${agreed.models.length} of the ${agreed.of} strongest models with outputs answered ${JSON.stringify(agreed.answer)} but the key says ${JSON.stringify(e.references[s] ?? "")}: ${outcomes}. The reference answer may be wrong.`
        : `Strong models fail where weak ones succeed: ${outcomes}. The reference answer may be wrong.`,
      // The log Bayes factor orders a benchmark's wrong keys as the posterior does, on the scale of the other flags.
      suspicion: e.key.logBayes[s],
      excludable: true,
      evidence: {
        posterior,
        log_bayes_factor: e.key.logBayes[s],
        log_likelihood_ratio: orNull(e.ratio[s]),
        r: orNull(r[s]),
        z: orNull(z[s]),
        n_models: n[s],
        ...(agreed ? { top_models_answer: agreed.answer, top_models: agreed.models.map((m) => e.modelNames[m]), top_models_asked: agreed.of } : {}),
      },
    });
  }
  return out;
}

function where(t: SampleTexts, i: number): string {
  return `"${t.ids[i]}" (${t.benchmarks[i]})`;
}

export function duplicateFlags(t: SampleTexts, vectorPairs: readonly VectorPair[] = []): SampleFlag[] {
  const text = t.inputs.map(normaliseText);
  const keys = duplicateKeys(text, t.images);
  const out: SampleFlag[] = [];
  for (const group of exactDuplicateGroups(keys)) {
    const crossBenchmark = new Set(group.map((i) => t.benchmarks[i])).size > 1;
    const sameAs = group.slice(0, 10).map((j) => t.ids[j]);
    group.forEach((i, k) => {
      const other = group[k === 0 ? 1 : 0];
      out.push({
        sample: i,
        code: "duplicate",
        severity: "warning",
        message: `Same input (after normalising case, spacing and punctuation${t.images[i] == null ? "" : "; the same image"}) as ${where(t, other)}${group.length > 2 ? ` and ${group.length - 2} more` : ""}${crossBenchmark ? ", across benchmarks" : ""}.`,
        suspicion: 1 + group.length,
        excludable: k > 0,
        evidence: { copies: group.length, same_as: sameAs.filter((id) => id !== t.ids[i]), first: t.ids[group[0]] },
      });
    });
  }
  const textPairs = nearPairsWithImages(text, t.images);
  const known = new Set(textPairs.map((p) => `${p.a},${p.b}`));
  for (const p of textPairs) {
    for (const [i, j] of [[p.a, p.b], [p.b, p.a]]) {
      out.push({
        sample: i,
        code: "near_duplicate",
        severity: "info",
        message: `Nearly the same input as ${where(t, j)}: ${Math.round(p.jaccard * 100)}% of their word 3-grams are shared.`,
        suspicion: p.jaccard,
        excludable: false,
        evidence: { similar_to: t.ids[j], jaccard: p.jaccard },
      });
    }
  }
  // A pair the text already shows (the same input, or shared 3-grams) is flagged once, by the text;
  // text vectors say nothing of two different images.
  for (const p of vectorPairs) {
    if (t.images[p.a] !== t.images[p.b] || keys[p.a] === keys[p.b] || known.has(`${p.a},${p.b}`)) continue;
    for (const [i, j] of [[p.a, p.b], [p.b, p.a]]) {
      out.push({
        sample: i,
        code: "near_duplicate",
        severity: "info",
        message: `Means nearly the same as ${where(t, j)} in another benchmark: cosine similarity ${p.cosine.toFixed(3)} of their text embeddings (a paraphrase or a copy).`,
        suspicion: p.cosine,
        excludable: false,
        evidence: { similar_to: t.ids[j], cosine: p.cosine },
      });
    }
  }
  return out;
}

export function inputFlags(t: SampleTexts): SampleFlag[] {
  const out: SampleFlag[] = [];
  t.inputs.forEach((input, i) => {
    const problem = inputProblem(input, t.images[i] != null);
    if (!problem) return;
    out.push({
      sample: i,
      code: problem,
      severity: problem === "empty_input" ? "critical" : "warning",
      message: problem === "empty_input" ? "The input is empty: there is nothing to answer." : `The input is trivial (${JSON.stringify(input.trim().slice(0, 20))}): fewer than 3 visible characters or no letter or digit.`,
      suspicion: 10,
      excludable: true,
      evidence: { input_length: input.length },
    });
  });
  return out;
}
