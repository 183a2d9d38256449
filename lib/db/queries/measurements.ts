// Reading measurements: the visible ones of a set of samples, in one indexed query. This is the
// load of every leaderboard, so rows come back as arrays (no per-row object building in pg).
import { pool, type Queryable } from "@/lib/db/client";
import { visibleMeasurementsSql } from "@/lib/db/visibility";

/** The kinds of the one `measurements` table (its CHECK constraint). */
export type MeasurementKind = "score" | "pairwise" | "ranking" | "unit_test";
export type Winner = "a" | "b" | "tie";

/** One visible measurement, as stored (see prisma/schema.prisma, model Measurement). */
export interface VisibleMeasurement {
  samplePk: number;
  kind: MeasurementKind;
  /** score: metric; unit_test: criterion; ranking: metric or "ranking"; pairwise: line id or null. */
  key: string | null;
  /** score/unit_test: the model; pairwise: model a; ranking: null. */
  modelId: number | null;
  /** pairwise: model b. */
  modelBId: number | null;
  /** score/unit_test: the value; pairwise: p_a or null. */
  value: number | null;
  higherIsBetter: boolean;
  winner: Winner | null;
  /** ranking: tiers of model ids, best first. */
  tiers: number[][] | null;
  scaleMin: number | null;
  scaleMax: number | null;
}

/** A measurement's columns that rankings use, as a query in `rowMode: "array"` returns them. */
export type RankingTuple = [
  samplePk: number,
  kind: MeasurementKind,
  key: string | null,
  modelId: number | null,
  modelBId: number | null,
  value: number | null,
  higherIsBetter: boolean,
  winner: Winner | null,
  tiers: number[][] | null,
];

type MeasurementTuple = [...RankingTuple, scaleMin: number | null, scaleMax: number | null];

/** The visible measurements of these samples (by primary key), in one indexed query. */
export async function loadVisibleMeasurements(samplePks: readonly number[], db: Queryable = pool()): Promise<VisibleMeasurement[]> {
  if (samplePks.length === 0) return [];
  const r = await db.query<MeasurementTuple>({
    text: `SELECT m.sample_pk, m.kind, m.key, m.model_id, m.model_b_id, m.value, m.higher_is_better, m.winner, m.tiers, m.scale_min, m.scale_max
             FROM measurements m
            WHERE m.sample_pk = ANY($1::int[]) AND ${visibleMeasurementsSql("m")}`,
    values: [samplePks],
    rowMode: "array",
  });
  return r.rows.map(([samplePk, kind, key, modelId, modelBId, value, higherIsBetter, winner, tiers, scaleMin, scaleMax]) => ({
    samplePk,
    kind,
    key,
    modelId,
    modelBId,
    value,
    higherIsBetter,
    winner,
    tiers,
    scaleMin,
    scaleMax,
  }));
}
