// How each measurement kind maps onto the one `measurements` table, its key (what a re-sent line
// replaces) and its content (what makes a re-sent line a duplicate rather than an update).
import type { StoredMeasurement } from "@/lib/db/queries/measurement-writes";
import { DEFAULT_SCALE } from "./schemas";
import type { MeasurementRecord } from "./types";

export type Kind = MeasurementRecord["type"];

/** A measurement ready to insert (model names already resolved to ids), and its line. */
export interface MeasurementRow extends StoredMeasurement {
  line: number;
}

/** Model names a record needs ids for. */
export function modelNames(r: MeasurementRecord): string[] {
  switch (r.type) {
    case "score":
    case "unit_test":
      return [r.model];
    case "pairwise":
      return [r.model_a, r.model_b];
    case "ranking":
      return r.ranking.flat();
  }
}

/** One object shape for every kind (monomorphic: this runs for every line of a file). */
function row(line: number, samplePk: number, kind: Kind, key: string | null, modelId: number | null): MeasurementRow {
  return {
    line,
    samplePk,
    kind,
    key,
    modelId,
    modelBId: null,
    value: null,
    higherIsBetter: true,
    winner: null,
    tiers: null,
    scaleMin: null,
    scaleMax: null,
    judge: null,
    output: null,
    outputB: null,
  };
}

export function toRow(r: MeasurementRecord, line: number, samplePk: number, modelId: (name: string) => number): MeasurementRow {
  switch (r.type) {
    case "score": {
      const out = row(line, samplePk, "score", r.metric, modelId(r.model));
      out.value = r.value;
      out.higherIsBetter = r.higher_is_better ?? true;
      out.judge = r.judge ?? null;
      out.output = r.output ?? null;
      return out;
    }
    case "unit_test": {
      const [lo, hi] = r.scale ?? DEFAULT_SCALE;
      const out = row(line, samplePk, "unit_test", r.criterion, modelId(r.model));
      out.value = r.value;
      out.scaleMin = lo;
      out.scaleMax = hi;
      out.judge = r.judge ?? null;
      out.output = r.output ?? null;
      return out;
    }
    case "pairwise": {
      const out = row(line, samplePk, "pairwise", r.id ?? null, modelId(r.model_a));
      out.modelBId = modelId(r.model_b);
      out.winner = r.winner;
      out.value = r.p_a ?? null;
      out.judge = r.judge ?? null;
      out.output = r.output_a ?? null;
      out.outputB = r.output_b ?? null;
      return out;
    }
    case "ranking": {
      const out = row(line, samplePk, "ranking", r.metric ?? "ranking", null);
      out.tiers = JSON.stringify(r.ranking.map((tier) => tier.map(modelId).sort((a, b) => a - b)));
      return out;
    }
  }
}

/** Pairwise lines without `id` are events, never keyed; everything else has a key. */
export function isKeyed(row: StoredMeasurement): boolean {
  return row.kind !== "pairwise" || row.key !== null;
}

/**
 * The identity a re-sent line replaces (spec: (sample, model, metric), (sample, criterion, model), …),
 * each by its judge (v1.1: the same measurement by two judges is two measurements).
 */
export function rowKey(row: StoredMeasurement): string {
  const judge = row.judge ?? "";
  switch (row.kind) {
    case "score":
    case "unit_test":
      return `${row.samplePk}\u0001${row.kind}\u0001${row.modelId}\u0001${row.key}\u0001${judge}`;
    default:
      return `${row.samplePk}\u0001${row.kind}\u0001\u0001${row.key}\u0001${judge}`;
  }
}

/** Same stored content (outputs included): re-sending it changes nothing. */
export function sameContent(a: StoredMeasurement, b: StoredMeasurement): boolean {
  return (
    a.value === b.value &&
    a.higherIsBetter === b.higherIsBetter &&
    a.modelId === b.modelId &&
    a.modelBId === b.modelBId &&
    a.winner === b.winner &&
    a.tiers === b.tiers &&
    a.scaleMin === b.scaleMin &&
    a.scaleMax === b.scaleMax &&
    a.output === b.output &&
    a.outputB === b.outputB
  );
}
