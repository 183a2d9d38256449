// The batch of a set of samples from the read model: their measurement runs gathered, samples in
// ascending pk order (the order the SQL load returned them in), labels (id, benchmark, tags) from
// the sample columns.
import type { MeasurementBatch } from "@/lib/ranking/measurements";
import type { RowLabels } from "./measurement-store";
import type { ReadModel } from "./read-model";

export interface GatheredBatch {
  batch: MeasurementBatch;
  /** Sample index in the batch → sample primary key. */
  samplePks: number[];
}

/** With `models`, only measurements among those models are kept. */
export function gatherBatch(model: ReadModel, pks: readonly number[], models?: ReadonlySet<string>): GatheredBatch {
  const rows = rowsByPk(pks, (pk) => model.samples.rowOf.get(pk));
  const { batch, sampleRows } = gatherRows(model, rows, models);
  return { batch, samplePks: sampleRows.map((row) => model.samples.pk.data[row]) };
}

/** The batch of these read-model rows (distinct, in the order given) and the row of each batch sample. */
export function gatherRows(model: ReadModel, rows: readonly number[], models?: ReadonlySet<string>): { batch: MeasurementBatch; sampleRows: number[] } {
  const { samples, measurements } = model;
  const labels: RowLabels = {
    id: (row) => samples.ids[row],
    benchmark: (row) => samples.benchmarks.names[samples.benchmark.data[row]],
    tags: (row) => samples.tagNames(row),
  };
  const name = (id: number) => model.models.get(id) ?? `model#${id}`;
  const keep = (id: number) => !models || models.has(model.models.get(id) ?? "");
  return measurements.gather(rows, labels, name, keep);
}

/**
 * The read-model rows of the distinct `pks` in ascending pk order, unknown pks left out: a native
 * sort of a typed copy (none when the pks come sorted, as a whole-pool selection does), not a
 * comparator sort of the pool.
 */
export function rowsByPk(pks: readonly number[], rowOf: (pk: number) => number): number[] {
  let sorted = true;
  for (let i = 1; i < pks.length && sorted; i++) sorted = pks[i - 1] < pks[i];
  const ordered = sorted ? pks : Float64Array.from(pks).sort();
  const rows: number[] = [];
  for (let i = 0; i < ordered.length; i++) {
    if (i > 0 && ordered[i] === ordered[i - 1]) continue;
    const row = rowOf(ordered[i]);
    if (row >= 0) rows.push(row);
  }
  return rows;
}
