// The leaderboard views keep their whole state in the URL (selection, method, baseline, models,
// prior, sort, row filter) so any view can be shared. This module turns that state into URLs and
// back. It has no server imports: client components use it too.
import type { LeaderboardQuery } from "./params";

export const SORT_KEYS = ["rank", "model", "score", "p", "win", "n"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface Sort {
  key: SortKey;
  desc: boolean;
}
export const DEFAULT_SORT: Sort = { key: "rank", desc: false };

/** The selection keys (which samples), in the order they appear in URLs. */
export const SELECTION_KEYS = ["q", "k", "threshold", "benchmark", "task", "tag", "meta"] as const;
/** The aggregation keys (how the samples are ranked). */
export const AGGREGATION_KEYS = ["method", "baseline", "models", "prior"] as const;
/** Keys that only change how rows are shown, never what is computed. */
export const VIEW_KEYS = ["sort", "find"] as const;

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
  };
  if (opts.aggregation !== false) {
    record.method = q.method && q.method !== "plackett-luce" ? q.method : undefined;
    record.baseline = q.baseline;
    record.models = q.models;
    record.prior = q.prior;
  }
  return toSearchParams(record, [...SELECTION_KEYS, ...AGGREGATION_KEYS]);
}

function withQuery(path: string, sp: URLSearchParams): string {
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
  const sp = queryParams(q, { aggregation: false });
  return withQuery(`/models/${encodeURIComponent(model)}`, sp);
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

/** `sort=score` (ascending) or `sort=-score` (descending); unknown values fall back to rank. */
export function parseSort(raw: string | null | undefined): Sort {
  if (!raw) return DEFAULT_SORT;
  const desc = raw.startsWith("-");
  const key = (desc ? raw.slice(1) : raw) as SortKey;
  return SORT_KEYS.includes(key) ? { key, desc } : DEFAULT_SORT;
}

export function formatSort(s: Sort): string | null {
  if (s.key === DEFAULT_SORT.key && s.desc === DEFAULT_SORT.desc) return null;
  return `${s.desc ? "-" : ""}${s.key}`;
}

/** Clicking a column header: a new column starts in its natural direction, the same one flips. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, desc: !current.desc };
  return { key, desc: key === "score" || key === "p" || key === "win" || key === "n" };
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

interface SortableRow {
  model: string;
  rank: number | null;
  score: number | null;
  p_beats_baseline: number | null;
  win_rate: { weighted: number } | null;
  n_samples: number;
}

const SORT_VALUE: Record<SortKey, (r: SortableRow) => number | string | null> = {
  rank: (r) => r.rank,
  model: (r) => r.model,
  score: (r) => r.score,
  p: (r) => r.p_beats_baseline,
  win: (r) => r.win_rate?.weighted ?? null,
  n: (r) => r.n_samples,
};

/**
 * The rows a view shows: those whose model name contains `find` (case-insensitive), sorted by
 * `sort`; missing values always last, ties by rank then name. Tables and exports both use it.
 */
export function shownRows<R extends SortableRow>(rows: readonly R[], sort: Sort, find = ""): R[] {
  const needle = find.trim().toLowerCase();
  const kept = needle ? rows.filter((r) => r.model.toLowerCase().includes(needle)) : [...rows];
  const value = SORT_VALUE[sort.key];
  const dir = sort.desc ? -1 : 1;
  return kept.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) {
      return (va < vb ? -1 : 1) * dir;
    }
    return (a.rank ?? Infinity) - (b.rank ?? Infinity) || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0);
  });
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
