// How a leaderboard's rows are shown: the sort column and the name filter, kept in the URL (`sort`,
// `find`) beside the selection but never changing what is computed, so they are neither part of
// the selection (lib/selection) nor of the cache key. Tables and exports both use shownRows. No
// server imports: client components use it too.
export const SORT_KEYS = ["rank", "model", "score", "p", "win", "n"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface Sort {
  key: SortKey;
  desc: boolean;
}
export const DEFAULT_SORT: Sort = { key: "rank", desc: false };

/** Keys that only change how rows are shown, never what is computed. */
export const VIEW_KEYS = ["sort", "find"] as const;

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

/** The fields of a leaderboard row that sorting reads. */
export interface SortableRow {
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
