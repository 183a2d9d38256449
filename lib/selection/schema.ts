// The parameters that choose samples (the selection: q, k, threshold, benchmark, task, tag, meta,
// modality)
// and how they are aggregated (method, baseline, models, prior), validated once here for every API
// route and page; a saved leaderboard stores the same query (lib/leaderboard/saved.ts savedQuery).
// Messages name the constraint; the parser (./parse.ts) prefixes the parameter's name.
import { z } from "zod";
import { DEFAULT_METHOD, METHODS } from "./methods";

/** A query value that may be given once or repeated, as a list. */
export const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((s) => s.length > 0));

const number = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => v !== "" && Number.isFinite(Number(v)), { message: `must be a number` })
    .transform(Number)
    .describe(name);

/** What selects the samples of a leaderboard. */
export const selectionSchema = z.object({
  q: z.string().trim().max(500, "must be at most 500 characters").optional().transform((v) => (v ? v : undefined)),
  k: number("k")
    .pipe(z.number().int("must be an integer").min(1, "must be at least 1").max(20000, "must be at most 20000"))
    .optional(),
  threshold: number("threshold").pipe(z.number().min(-1, "must be in [-1, 1]").max(1, "must be in [-1, 1]")).optional(),
  benchmark: repeated,
  task: repeated,
  tag: repeated,
  /** Metadata filters as `key:value`, repeatable. */
  meta: repeated.pipe(z.array(z.string().regex(/^[^:]+:.*$/, 'must look like "key:value"'))),
  /** Samples with an image (bundled or image_url) or without one; absent: both. */
  modality: z.enum(["text", "image"], { message: "must be text or image" }).optional(),
});
export type Selection = z.infer<typeof selectionSchema>;

/** How the selected samples are aggregated. */
export const aggregationSchema = z.object({
  method: z.enum(METHODS, { message: `must be one of ${METHODS.join(", ")}` }).default(DEFAULT_METHOD),
  baseline: z.string().trim().min(1).max(200).optional(),
  models: repeated,
  prior: number("prior").pipe(z.number().min(0, "must be ≥ 0").max(1000, "must be at most 1000")).optional(),
});
export type Aggregation = z.infer<typeof aggregationSchema>;

export const leaderboardQuerySchema = selectionSchema.extend(aggregationSchema.shape);
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

/** Only the selection's own fields (a parsed request carries others, e.g. `models` or `limit`). */
export function pickSelection(s: Selection): Selection {
  return { q: s.q, k: s.k, threshold: s.threshold, benchmark: s.benchmark, task: s.task, tag: s.tag, meta: s.meta, ...(s.modality ? { modality: s.modality } : {}) };
}

/**
 * The selection's leaderboard with the default aggregation (Plackett–Luce over every model, the
 * portal's baseline and prior): what compare, model pages and the home page rank with.
 */
export function defaultLeaderboardQuery(selection?: Selection): LeaderboardQuery {
  return { ...leaderboardQuerySchema.parse({}), ...(selection ? pickSelection(selection) : {}) };
}
