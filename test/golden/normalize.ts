// Normalises an API response body for the golden files: fields that change from run to run
// (clocks, durations, cache state, ids made at runtime, the data version counter) become fixed
// placeholders, and floats are rounded to 6 significant digits so that a refactor that only
// reorders a sum still matches, while any change in a rank, a count or a score's 6th digit does not.

/** Keys whose values differ between runs of the same code on the same data. */
const VOLATILE_KEYS = new Set([
  "computed_at",
  "created_at",
  "updated_at",
  "started_at",
  "finished_at",
  "duration_ms",
  "durationMs",
  "elapsed_ms",
  "cached",
  "data_version",
]);

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export const SIGNIFICANT_DIGITS = 6;
/** Below this magnitude a float is reported as 0 (a baseline's ±1e-17 after a refactor is still 0). */
export const ZERO_BELOW = 1e-9;

function roundFloat(x: number): number {
  if (Math.abs(x) < ZERO_BELOW) return 0;
  if (Number.isInteger(x) || !Number.isFinite(x)) return x;
  return Number(x.toPrecision(SIGNIFICANT_DIGITS));
}

export function normalizeBody(value: unknown, key?: string): unknown {
  if (key !== undefined && VOLATILE_KEYS.has(key) && value !== null) return `<${key}>`;
  if (typeof value === "number") return roundFloat(value);
  if (typeof value === "string") {
    if (ISO_TIME.test(value)) return "<time>";
    return value.replace(UUID, "<uuid>");
  }
  if (Array.isArray(value)) return value.map((v) => normalizeBody(v));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalizeBody(v, k)]));
  }
  return value;
}
