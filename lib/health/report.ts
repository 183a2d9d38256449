// The whole health check of a pool, pure: per benchmark its statistics and flags, per sample its
// flags, from the pool's measurements (one MeasurementBatch whose sample indices follow `texts`)
// and the stored outputs of score measurements. lib/health/job.ts loads the inputs and stores this.
import type { MeasurementBatch } from "@/lib/ranking/measurements";
import { benchmarkAgreement, restStrengths } from "./agreement";
import { answerMismatches, type ScoredAnswer } from "./answer-match";
import { benchmarkFlags } from "./benchmark-flags";
import { benchmarkCoverage } from "./coverage";
import { discrimination } from "./discrimination";
import { floorCeiling } from "./floor-ceiling";
import { benchmarkAbilities, reversedKeyRatio } from "./item-fit";
import { outputCategories, topModelsAgainstKey, type JudgedOutput } from "./key-agreement";
import { wrongKeyPosterior } from "./key-posterior";
import { benchmarkIndex, goodness, sampleOutcomes, valueRanges } from "./outcomes";
import { duplicateFlags, inputFlags, wrongKeyFlags, type SampleTexts } from "./sample-flags";
import type { CarriedBenchmark } from "./types";
import type { VectorPair } from "./vector-duplicates";
import { sortFlags, TIED_LISTED, type BenchmarkHealth, type HealthReport, type SampleFlag } from "./types";

/** A stored output of a score measurement, with what is needed to judge its score. */
export interface OutputRow {
  sample: number;
  model: string;
  metric: string;
  value: number;
  higherIsBetter: boolean;
  output: string;
}

export interface HealthInput {
  batch: MeasurementBatch;
  texts: SampleTexts & { references: readonly (string | null)[] };
  outputs: OutputRow[];
  /** cross-benchmark pairs of near-identical text vectors (./vector-duplicates.ts), when the pool has vectors */
  vectorPairs?: VectorPair[];
  /** benchmarks unchanged since the previous run, whose per-benchmark results are kept (./incremental.ts) */
  carried?: ReadonlyMap<string, CarriedBenchmark>;
  prior: number;
  resamples?: number;
}

function measurementsPerBenchmark(b: MeasurementBatch, bench: Int32Array, nBench: number): Int32Array {
  const n = new Int32Array(nBench);
  for (const col of [b.score.sample, b.unitTest.sample, b.pairwise.sample, b.ranking.sample]) for (const s of col) n[bench[s]]++;
  return n;
}

/** Every stored output with the goodness of its score (./outcomes.ts) and its model's index. */
function judgedOutputs(input: HealthInput, bench: Int32Array, nBench: number): JudgedOutput[] {
  const b = input.batch;
  const ranges = valueRanges(bench, nBench, b.metricNames.length, b.score.sample, b.score.metric, b.score.value);
  const metricIndex = new Map(b.metricNames.map((m, i) => [m, i]));
  const modelIndex = new Map(b.modelNames.map((m, i) => [m, i]));
  const out: JudgedOutput[] = [];
  for (const o of input.outputs) {
    const k = metricIndex.get(o.metric);
    const model = modelIndex.get(o.model);
    if (k === undefined || model === undefined) continue;
    const key = bench[o.sample] * b.metricNames.length + k;
    out.push({ sample: o.sample, model, output: o.output, goodness: goodness(o.value, ranges.lo[key], ranges.hi[key], o.higherIsBetter) });
  }
  return out;
}

function scoredAnswers(input: HealthInput, judged: readonly JudgedOutput[], bench: Int32Array, inBench: number): ScoredAnswer[] {
  const out: ScoredAnswer[] = [];
  for (const o of judged) {
    const reference = input.texts.references[o.sample];
    if (bench[o.sample] !== inBench || reference == null) continue;
    out.push({ sample: o.sample, model: input.batch.modelNames[o.model], output: o.output, reference, goodness: o.goodness });
  }
  return out;
}

function lowerIsBetterShare(b: MeasurementBatch, mask: Uint8Array): number | null {
  let n = 0;
  let lower = 0;
  for (let r = 0; r < b.score.sample.length; r++) {
    if (!mask[b.score.sample[r]]) continue;
    n++;
    lower += 1 - b.score.higherIsBetter[r];
  }
  return n > 0 ? lower / n : null;
}

export function computeHealth(input: HealthInput): HealthReport {
  const b = input.batch;
  const { names, ofSample } = benchmarkIndex(b);
  const outcomes = sampleOutcomes(b);
  const carried = input.carried ?? new Map<string, CarriedBenchmark>();
  const fresh = Uint8Array.from(ofSample, (i) => (carried.has(names[i]) ? 0 : 1));
  const ability = benchmarkAbilities(outcomes, ofSample, names.length);
  const judged = judgedOutputs(input, ofSample, names.length).filter((o) => fresh[o.sample]);
  const sampleFlags: SampleFlag[] = [
    ...wrongKeyFlags({
      key: wrongKeyPosterior(outcomes, ofSample, names.length, ability, outputCategories(outcomes, judged, input.texts.references), fresh),
      ratio: reversedKeyRatio(outcomes, ofSample, ability, fresh),
      discrimination: discrimination(outcomes, ability, ofSample),
      agreement: topModelsAgainstKey(judged, input.texts.references, ofSample, ability, b.nModels),
      modelNames: b.modelNames,
      references: input.texts.references,
    }),
    ...duplicateFlags(input.texts, input.vectorPairs),
    ...inputFlags(input.texts).filter((f) => fresh[f.sample]),
    ...[...carried.values()].flatMap((c) => c.sampleFlags),
  ];
  const perBench = measurementsPerBenchmark(b, ofSample, names.length);
  const benchmarks: BenchmarkHealth[] = names.map((name, i) => {
    const mask = Uint8Array.from(ofSample, (x) => (x === i ? 1 : 0));
    let nSamples = 0;
    for (const x of mask) nSamples += x;
    const hasRest = nSamples < b.nSamples;
    const agreement = hasRest ? benchmarkAgreement(b, mask, restStrengths(b, mask, input.prior), { prior: input.prior, resamples: input.resamples }) : null;
    const flagged = (code: string) => new Set(sampleFlags.filter((f) => f.code === code && mask[f.sample]).map((f) => f.sample)).size;
    const kept = carried.get(name);
    if (kept) {
      const stats = { ...kept.stats, duplicated: flagged("duplicate") };
      const flags = benchmarkFlags({ nSamples, agreement, lowerIsBetterShare: lowerIsBetterShare(b, mask), stats, coverage: kept.coverage });
      return { name, nSamples, nModels: kept.nModels, nMeasurements: perBench[i], agreement, flags, coverage: kept.coverage, stats, carried: kept };
    }
    const fc = floorCeiling(outcomes, mask);
    const coverage = benchmarkCoverage(b, mask, nSamples);
    const stats = {
      outcomeModels: fc.nModels,
      atFloor: fc.atFloor,
      atCeiling: fc.atCeiling,
      outcomeSamples: fc.nSamples,
      degenerate: fc.degenerate,
      tiedSamples: Array.from(fc.degenerateSamples.subarray(0, TIED_LISTED), (x) => input.texts.ids[x]),
      negativeDiscrimination: flagged("negative_discrimination"),
      duplicated: flagged("duplicate"),
      answers: answerMismatches(scoredAnswers(input, judged, ofSample, i)),
    };
    const flags = benchmarkFlags({ nSamples, agreement, lowerIsBetterShare: lowerIsBetterShare(b, mask), stats, coverage });
    return { name, nSamples, nModels: coverage.length, nMeasurements: perBench[i], agreement, flags, coverage, stats, carried: null };
  });
  return { benchmarks: benchmarks.sort((x, y) => x.name.localeCompare(y.name)), sampleFlags: sortFlags(sampleFlags) };
}
