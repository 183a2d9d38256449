// Loads the visible measurements of selected samples from the database into the ranking engine's
// columnar batch: one indexed query for the measurements, one for the samples' labels.
import { loadVisibleMeasurements } from "@/lib/db/queries/measurements";
import { loadModelNames } from "@/lib/db/queries/models";
import { loadSampleLabels, type SampleLabel } from "@/lib/db/queries/samples";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import type { MeasurementBatch } from "@/lib/ranking/measurements";

export interface LoadedBatch {
  batch: MeasurementBatch;
  labels: Map<number, SampleLabel>;
  /** Sample index in the batch → sample primary key. */
  samplePks: number[];
}

/**
 * The batch of measurements of `pks`. With `models`, only measurements among those models are
 * kept (pairwise lines need both sides, rankings keep the listed models' tiers).
 */
export async function loadBatch(pks: readonly number[], models?: ReadonlySet<string>): Promise<LoadedBatch> {
  const [rows, labels, names] = await Promise.all([loadVisibleMeasurements(pks), loadSampleLabels(pks), loadModelNames()]);
  const keep = (id: number | null) => id !== null && (!models || models.has(names.get(id) ?? ""));
  const b = new MeasurementBatchBuilder();
  const samplePks: number[] = [];
  const sampleIndex = new Map<number, number>();
  const sampleOf = (pk: number) => {
    let i = sampleIndex.get(pk);
    if (i === undefined) {
      const label = labels.get(pk);
      i = b.sample(label?.id ?? String(pk), label?.benchmark, label?.tags);
      sampleIndex.set(pk, i);
      samplePks.push(pk);
    }
    return i;
  };
  const name = (id: number) => names.get(id) ?? `model#${id}`;
  for (const m of rows) {
    if (m.kind === "score" && keep(m.modelId)) {
      b.addScore(sampleOf(m.samplePk), name(m.modelId!), m.key ?? "score", m.value!, m.higherIsBetter);
    } else if (m.kind === "unit_test" && keep(m.modelId)) {
      b.addUnitTest(sampleOf(m.samplePk), name(m.modelId!), m.key ?? "criterion", m.value!);
    } else if (m.kind === "pairwise" && keep(m.modelId) && keep(m.modelBId)) {
      b.addPairwise(sampleOf(m.samplePk), name(m.modelId!), name(m.modelBId!), m.winner!, m.value ?? undefined);
    } else if (m.kind === "ranking" && m.tiers) {
      const tiers = m.tiers.map((tier) => tier.filter((id) => keep(id)).map(name)).filter((t) => t.length > 0);
      if (tiers.flat().length >= 2) b.addRanking(sampleOf(m.samplePk), tiers, m.key ?? "ranking");
    }
  }
  return { batch: b.build(), labels, samplePks };
}
