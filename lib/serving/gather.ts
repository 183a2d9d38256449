// The batch of a set of samples from the read model: their measurement runs gathered, samples in
// ascending pk order (the order the SQL load returned them in), labels (id, benchmark, tags) from
// the sample columns.
import type { SampleLabel } from "@/lib/db/queries/samples";
import type { MeasurementBatch } from "@/lib/ranking/measurements";
import type { ReadModel } from "./read-model";

export interface GatheredBatch {
  batch: MeasurementBatch;
  /** Sample index in the batch → sample primary key. */
  samplePks: number[];
}

/** With `models`, only measurements among those models are kept. */
export function gatherBatch(model: ReadModel, pks: readonly number[], models?: ReadonlySet<string>): GatheredBatch {
  const { samples, measurements } = model;
  const rows = [...new Set(pks)]
    .sort((a, b) => a - b)
    .map((pk) => samples.rowOf.get(pk))
    .filter((row) => row >= 0);
  const label = (row: number): SampleLabel => ({
    pk: samples.pk.data[row],
    id: samples.ids[row],
    benchmark: samples.benchmarks.names[samples.benchmark.data[row]],
    tags: samples.tagNames[row],
  });
  const name = (id: number) => model.models.get(id) ?? `model#${id}`;
  const keep = (id: number) => !models || models.has(model.models.get(id) ?? "");
  const { batch, sampleRows } = measurements.gather(rows, label, name, keep);
  return { batch, samplePks: sampleRows.map((row) => samples.pk.data[row]) };
}
