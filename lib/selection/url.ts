// The canonical URL form of a selection and its aggregation: one key order (selection, then
// aggregation), the default method left out, empty values dropped. Every link that carries a
// selection is built here, and pages read their parameters back through ./parse.ts. No server
// imports: client components use it too.
import { DEFAULT_METHOD } from "./methods";
import type { LeaderboardQuery, Selection } from "./schema";

/** The selection keys (which samples), in the order they appear in URLs. */
export const SELECTION_KEYS = ["q", "k", "threshold", "benchmark", "task", "tag", "meta", "exclude_flagged", "modality"] as const;
/** The aggregation keys (how the samples are ranked). */
export const AGGREGATION_KEYS = ["method", "baseline", "models", "prior", "open_weights", "min_params_b", "max_params_b", "organization"] as const;

type Value = string | number | string[] | null | undefined;
export type ParamRecord = Partial<Record<string, Value>>;

/** Appends values in key order, skipping empty ones; repeated keys for arrays. */
export function toSearchParams(values: ParamRecord, keys: readonly string[] = Object.keys(values)): URLSearchParams {
  const sp = new URLSearchParams();
  for (const key of keys) {
    const v = values[key];
    if (v === undefined || v === null || v === "") continue;
    for (const item of Array.isArray(v) ? v : [v]) if (item !== "") sp.append(key, String(item));
  }
  return sp;
}

/** The URL parameters that reproduce a query; the default method is left out. */
export function queryParams(q: Partial<LeaderboardQuery>, opts: { aggregation?: boolean } = {}): URLSearchParams {
  const record: ParamRecord = {
    q: q.q,
    k: q.k,
    threshold: q.threshold,
    benchmark: q.benchmark,
    task: q.task,
    tag: q.tag,
    meta: q.meta,
    exclude_flagged: q.exclude_flagged ? "true" : undefined,
    modality: q.modality,
  };
  if (opts.aggregation !== false) {
    record.method = q.method && q.method !== DEFAULT_METHOD ? q.method : undefined;
    record.baseline = q.baseline;
    record.models = q.models;
    record.prior = q.prior;
    record.open_weights = q.open_weights === undefined ? undefined : String(q.open_weights);
    record.min_params_b = q.min_params_b;
    record.max_params_b = q.max_params_b;
    record.organization = q.organization;
  }
  return toSearchParams(record, [...SELECTION_KEYS, ...AGGREGATION_KEYS]);
}

/** Query string of a selection alone (only the parameters that are set), without the leading "?". */
export function selectionQueryString(sel: Partial<Selection>): string {
  return queryParams(sel, { aggregation: false }).toString();
}

/** Whether the selection narrows the pool at all. */
export function hasSelection(sel: Partial<Selection>): boolean {
  return selectionQueryString(sel) !== "";
}

function withQuery(path: string, sp: URLSearchParams | string): string {
  const s = sp.toString();
  return s ? `${path}?${s}` : path;
}

export const leaderboardHref = (q: Partial<LeaderboardQuery>) => withQuery("/leaderboard", queryParams(q));
export const queryPageHref = (q: Partial<LeaderboardQuery>) => withQuery("/query", queryParams(q));

/**
 * A model's page, carrying the selection it was reached from. The page shows the model's
 * Plackett–Luce row with the default baseline and prior, so the aggregation is not carried.
 */
export function modelHref(model: string, q: Partial<LeaderboardQuery>): string {
  return withQuery(`/models/${encodeURIComponent(model)}`, queryParams(q, { aggregation: false }));
}

/** The compare page for these models (listed first) over a selection. */
export function compareHref(models: readonly string[], sel: Partial<Selection>): string {
  return withQuery("/compare", [...models.map((m) => `models=${encodeURIComponent(m)}`), selectionQueryString(sel)].filter(Boolean).join("&"));
}

/** One page of the selection's samples; `limit` only when the visitor chose one. */
export function samplesHref(sel: Partial<Selection>, page: { offset: number; limit?: number }): string {
  return `/samples?${[selectionQueryString(sel), `offset=${page.offset}`, page.limit ? `limit=${page.limit}` : ""].filter(Boolean).join("&")}`;
}

/** Returns `current` with some keys replaced (null or [] removes the key), as a relative URL. */
export function withParams(path: string, current: URLSearchParams, changes: ParamRecord): string {
  const next = new URLSearchParams(current);
  for (const [key, v] of Object.entries(changes)) {
    next.delete(key);
    if (v === undefined || v === null || v === "") continue;
    for (const item of Array.isArray(v) ? v : [v]) if (item !== "") next.append(key, String(item));
  }
  return withQuery(path, next);
}

/** Whether the parameters change what is computed (versus a saved leaderboard's stored query). */
export function hasAggregationOverride(sp: URLSearchParams): boolean {
  return AGGREGATION_KEYS.some((k) => sp.getAll(k).some((v) => v !== ""));
}

/** Next's `searchParams` prop as URLSearchParams (repeated keys kept). */
export function fromRecord(record: Record<string, string | string[] | undefined>): URLSearchParams {
  const sp = new URLSearchParams();
  for (const [key, v] of Object.entries(record)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) sp.append(key, item);
  }
  return sp;
}

/**
 * The parameters without empty values (a GET form submits its empty fields as `k=`), or null when
 * nothing was empty; pages redirect to the cleaned URL so shared links stay tidy.
 */
export function withoutEmpty(sp: URLSearchParams): URLSearchParams | null {
  const kept = new URLSearchParams();
  let dropped = false;
  for (const [key, value] of sp) {
    if (value.trim() === "") dropped = true;
    else kept.append(key, value);
  }
  return dropped ? kept : null;
}
