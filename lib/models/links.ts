// Query strings of a selection, for links that carry it (model links: lib/leaderboard/url-state.ts modelHref).
import type { Selection } from "@/lib/leaderboard/params";

/** Query string of a selection (only the parameters that are set), without the leading "?". */
export function selectionQueryString(sel: Partial<Selection>): string {
  const sp = new URLSearchParams();
  if (sel.q) sp.set("q", sel.q);
  if (sel.k !== undefined) sp.set("k", String(sel.k));
  if (sel.threshold !== undefined) sp.set("threshold", String(sel.threshold));
  for (const key of ["benchmark", "task", "tag", "meta"] as const) for (const v of sel[key] ?? []) sp.append(key, v);
  return sp.toString();
}

/** Whether the selection narrows the pool at all. */
export function hasSelection(sel: Partial<Selection>): boolean {
  return selectionQueryString(sel) !== "";
}
