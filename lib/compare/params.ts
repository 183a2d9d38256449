// GET /api/compare: the selection parameters of a leaderboard plus the models to compare.
import { repeated } from "@/lib/api/handler";
import { selectionSchema, type Selection } from "@/lib/leaderboard/params";

export const MIN_MODELS = 2;
export const MAX_MODELS = 10;
/** Without `models`, the top of the selection's Plackett–Luce leaderboard is compared. */
export const DEFAULT_MODELS = 5;

export const compareQuerySchema = selectionSchema.extend({ models: repeated });

/** Only the selection's own fields (a parsed request carries others, e.g. `models`). */
export function pickSelection(s: Selection): Selection {
  return { q: s.q, k: s.k, threshold: s.threshold, benchmark: s.benchmark, task: s.task, tag: s.tag, meta: s.meta };
}
