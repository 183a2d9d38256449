// A sample's stored measurements as results-format v1 lines (spec/results-format.md), with model
// names instead of ids: what was uploaded, before it became an ordering.
// Evidence (v1.1 `judge`, `output`, `output_a`/`output_b`) is included when stored, absent otherwise.
import type { MeasurementWithEvidence } from "@/lib/db/queries/measurement-outputs";

interface Judged {
  judge?: string;
}

export type RawMeasurement =
  | ({ type: "score"; model: string; metric: string; value: number; higher_is_better: boolean; output?: string } & Judged)
  | ({ type: "unit_test"; model: string; criterion: string; value: number; scale: [number, number]; output?: string } & Judged)
  | ({ type: "pairwise"; id: string | null; model_a: string; model_b: string; winner: "a" | "b" | "tie"; p_a: number | null; output_a?: string; output_b?: string } & Judged)
  | { type: "ranking"; metric: string; ranking: string[][] };

/** The evidence fields of a row that has them (keys absent when not stored: v1 answers stay as they were). */
function evidence(m: MeasurementWithEvidence, outputKey: "output" | "output_a"): Record<string, string> {
  const out: Record<string, string> = {};
  if (m.judge !== null) out.judge = m.judge;
  if (m.output !== null) out[outputKey] = m.output;
  if (m.outputB !== null) out.output_b = m.outputB;
  return out;
}

const DEFAULT_SCALE: [number, number] = [1, 5];
const ORDER = { score: 0, unit_test: 1, ranking: 2, pairwise: 3 } as const;

function sortKey(m: RawMeasurement): string {
  if (m.type === "score") return m.metric;
  if (m.type === "unit_test") return m.criterion;
  if (m.type === "ranking") return m.metric;
  return `${m.model_a}\u0000${m.model_b}\u0000${m.id ?? ""}`;
}

function sortValue(m: RawMeasurement): number {
  if (m.type === "score") return m.higher_is_better ? -m.value : m.value;
  if (m.type === "unit_test") return -m.value;
  return 0;
}

/** Grouped by kind and key; within a score metric or criterion, best value first. */
export function toRawMeasurements(rows: MeasurementWithEvidence[], names: Map<number, string>): RawMeasurement[] {
  const name = (id: number | null) => (id === null ? "?" : (names.get(id) ?? `model#${id}`));
  const out: RawMeasurement[] = rows.map((m): RawMeasurement => {
    switch (m.kind) {
      case "score":
        return { type: "score", model: name(m.modelId), metric: m.key ?? "score", value: m.value ?? NaN, higher_is_better: m.higherIsBetter, ...evidence(m, "output") };
      case "unit_test":
        return {
          type: "unit_test",
          model: name(m.modelId),
          criterion: m.key ?? "criterion",
          value: m.value ?? NaN,
          scale: m.scaleMin !== null && m.scaleMax !== null ? [m.scaleMin, m.scaleMax] : DEFAULT_SCALE,
          ...evidence(m, "output"),
        };
      case "pairwise":
        return {
          type: "pairwise",
          id: m.key,
          model_a: name(m.modelId),
          model_b: name(m.modelBId),
          winner: m.winner ?? "tie",
          p_a: m.value,
          ...evidence(m, "output_a"),
        };
      case "ranking":
        return { type: "ranking", metric: m.key ?? "ranking", ranking: (m.tiers ?? []).map((tier) => tier.map(name)) };
    }
  });
  return out.sort(
    (a, b) =>
      ORDER[a.type] - ORDER[b.type] ||
      sortKey(a).localeCompare(sortKey(b)) ||
      sortValue(a) - sortValue(b) ||
      ("model" in a && "model" in b ? a.model.localeCompare(b.model) : 0),
  );
}
