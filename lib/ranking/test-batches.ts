/**
 * Small hand-built measurement batches for unit tests: one call per (sample, metric) group,
 * values by model in insertion order, so the builder interns models and samples in the same
 * order as the equivalent run of single `addScore` / `addUnitTest` calls.
 */
import { MeasurementBatchBuilder } from './batch-builder';
import type { MeasurementBatch } from './measurements';
import { Prng } from './prng';

/** Scores of one sample on one metric, by model. */
export function addScores(
  b: MeasurementBatchBuilder,
  sample: string,
  metric: string,
  values: Record<string, number>,
  higherIsBetter = true,
): void {
  for (const [model, value] of Object.entries(values)) b.addScore(sample, model, metric, value, higherIsBetter);
}

/** Unit-test values of one sample on one criterion, by model. */
export function addUnitTests(b: MeasurementBatchBuilder, sample: string, criterion: string, values: Record<string, number>): void {
  for (const [model, value] of Object.entries(values)) b.addUnitTest(sample, model, criterion, value);
}

/**
 * Models measured on random samples (11 of 60 a sample) over 3 big benchmarks and a tail of tiny
 * ones. With `skewed`, m0–m4 are measured on every sample (the strata's core, which reads each
 * sample's difficulty) and m59 only on the easiest samples: a design the check must catch.
 */
export function poolSelection(seed: number, samples: number, tail: number, skewed = false): MeasurementBatch {
  const rng = new Prng(seed);
  const b = new MeasurementBatchBuilder();
  const skill = Array.from({ length: 60 }, () => rng.next() * 2 - 1);
  const topics = [rng.int(40), rng.int(40), rng.int(40)];
  for (let s = 0; s < samples; s++) {
    const bench = rng.next() >= tail ? topics[rng.int(3)] : rng.int(40);
    b.sample(`s${s}`, `bench-${bench}`, [`topic-${bench % 8}`]);
    const chosen = new Set<number>(skewed ? [0, 1, 2, 3, 4] : []);
    while (chosen.size < 11) chosen.add(rng.int(skewed ? 59 : 60));
    const [a, c, ...scored] = [...chosen];
    const easy = rng.next() * 0.6;
    for (const m of scored) b.addScore(`s${s}`, `m${m}`, 'accuracy', rng.next() < 0.5 + skill[m] / 3 - easy + 0.3 ? 1 : 0);
    if (skewed && easy < 0.15) b.addScore(`s${s}`, 'm59', 'accuracy', rng.next() < 0.5 + skill[59] / 3 - easy + 0.3 ? 1 : 0);
    b.addPairwise(`s${s}`, `m${a}`, `m${c}`, skill[a] + rng.next() - 0.5 > skill[c] ? 'a' : 'b');
  }
  return b.build();
}
