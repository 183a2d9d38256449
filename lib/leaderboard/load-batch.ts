// The measurements of selected samples as the ranking engine's columnar batch, gathered from the
// process's read model (lib/serving): no query to the database.
import type { PreparedBatch } from "@/lib/ranking/leaderboard-types";
import type { MeasurementBatch } from "@/lib/ranking/measurements";
import { servingModel } from "@/lib/serving/current";
import { gatherBatch } from "@/lib/serving/gather";
import type { ReadModel } from "@/lib/serving/read-model";

export interface LoadedBatch {
  batch: MeasurementBatch;
  /** Sample index in the batch → sample primary key. */
  samplePks: number[];
  /** The batch's groups and choice events, when they came with it (lib/serving/incremental-batch.ts). */
  prepared?: PreparedBatch;
}

/**
 * The batch of measurements of `pks`. With `models`, only measurements among those models are
 * kept (pairwise lines need both sides, rankings keep the listed models' tiers). With `model`,
 * that read model answers (the one the samples were retrieved from).
 */
export async function loadBatch(pks: readonly number[], models?: ReadonlySet<string>, model?: ReadModel): Promise<LoadedBatch> {
  return gatherBatch(model ?? (await servingModel()), pks, models);
}
