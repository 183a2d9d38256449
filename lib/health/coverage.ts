/**
 * Coverage of a benchmark: per model, the share of the benchmark's samples it has at least one
 * measurement on, share_m = |{s ∈ B : m measured on s}| / |B|, from the batch's per-model sample
 * counts (../ranking/measurements.ts samplesPerModel) over the benchmark's samples only.
 */
import { samplesPerModel, type MeasurementBatch } from "@/lib/ranking/measurements";
import { selectSamples } from "@/lib/ranking/subset";

export interface ModelCoverage {
  model: string;
  samples: number;
  share: number;
}

/** Models measured on the benchmark, least covered first. */
export function benchmarkCoverage(b: MeasurementBatch, inBench: Uint8Array, nSamples: number): ModelCoverage[] {
  const per = samplesPerModel(selectSamples(b, inBench));
  const out: ModelCoverage[] = [];
  for (let m = 0; m < b.nModels; m++) {
    if (per[m] > 0) out.push({ model: b.modelNames[m], samples: per[m], share: nSamples > 0 ? per[m] / nSamples : 0 });
  }
  return out.sort((x, y) => x.share - y.share || x.model.localeCompare(y.model));
}
