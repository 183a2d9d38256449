// Incremental health checks: what of the previous run a new one may carry forward. A benchmark
// whose content fingerprint (its samples' text and every measurement and output on them) is the
// previous run's keeps its per-benchmark results — floor/ceiling, degeneracy, coverage, answer
// normalisation, wrong keys (./item-fit.ts and ./key-posterior.ts read only the benchmark's own outcomes), empty
// inputs — and its near-duplicate-by-meaning pairs with other untouched benchmarks. Pool-wide
// checks are always recomputed: agreement with the rest of the pool (the rest changed), the flags
// that read it (direction, low agreement), exact and 3-gram duplicates (cheap).
import type { MeasurementBatch } from "@/lib/ranking/measurements";
import type { HealthInput } from "./report";

/** Sample flags of one benchmark that depend on that benchmark alone. */
export const PER_BENCHMARK_CODES = new Set(["negative_discrimination", "empty_input", "trivial_input"]);

function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Per benchmark, an order-independent 64-bit digest (sum and xor of 32-bit FNV-1a hashes of each
 * sample and each measurement line): equal content, equal fingerprint.
 */
export function benchmarkFingerprints(input: Omit<HealthInput, "prior">, vectors: { model: string; has: (sample: number) => boolean } | null = null): Map<string, string> {
  const b: MeasurementBatch = input.batch;
  const bench = input.texts.benchmarks;
  const sum = new Map<string, number>();
  const xor = new Map<string, number>();
  const add = (s: number, text: string) => {
    const h = fnv(0x811c9dc5, text);
    sum.set(bench[s], ((sum.get(bench[s]) ?? 0) + h) >>> 0);
    xor.set(bench[s], ((xor.get(bench[s]) ?? 0) ^ h) >>> 0);
  };
  const name = (m: number) => b.modelNames[m];
  // By sample id, not index: indices shift when samples arrive before others.
  const ids = input.texts.ids;
  // A sample's vector (and the model it is of) counts: a vector that arrives later must be scanned.
  input.texts.ids.forEach((id, s) => add(s, JSON.stringify(["sample", id, input.texts.inputs[s], input.texts.references[s], input.texts.images[s], vectors?.has(s) ? vectors.model : null])));
  const { score, unitTest, pairwise, ranking } = b;
  for (let r = 0; r < score.sample.length; r++) add(score.sample[r], JSON.stringify(["score", ids[score.sample[r]], name(score.model[r]), b.metricNames[score.metric[r]], score.value[r], score.higherIsBetter[r]]));
  for (let r = 0; r < unitTest.sample.length; r++) add(unitTest.sample[r], JSON.stringify(["unit", ids[unitTest.sample[r]], name(unitTest.model[r]), b.criterionNames[unitTest.criterion[r]], unitTest.value[r]]));
  for (let r = 0; r < pairwise.sample.length; r++) add(pairwise.sample[r], JSON.stringify(["pair", ids[pairwise.sample[r]], name(pairwise.modelA[r]), name(pairwise.modelB[r]), pairwise.winner[r], pairwise.pA[r]]));
  for (let r = 0; r < ranking.sample.length; r++) {
    const models = Array.from(ranking.model.subarray(ranking.offsets[r], ranking.offsets[r + 1]), name);
    add(ranking.sample[r], JSON.stringify(["rank", ids[ranking.sample[r]], b.rankingKeys[ranking.key[r]], models, Array.from(ranking.tier.subarray(ranking.offsets[r], ranking.offsets[r + 1]))]));
  }
  for (const o of input.outputs) add(o.sample, JSON.stringify(["output", ids[o.sample], o.model, o.metric, o.output]));
  return new Map([...new Set(bench)].map((name) => [name, `${(sum.get(name) ?? 0).toString(16)}:${(xor.get(name) ?? 0).toString(16)}`]));
}
