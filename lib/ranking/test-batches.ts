/**
 * Small hand-built measurement batches for unit tests: one call per (sample, metric) group,
 * values by model in insertion order, so the builder interns models and samples in the same
 * order as the equivalent run of single `addScore` / `addUnitTest` calls.
 */
import type { MeasurementBatchBuilder } from './batch-builder';

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
