// The parameters that choose samples (the selection: q, k, threshold, benchmark, task, tag, meta,
// exclude_flagged, modality)
// and how they are aggregated (method, baseline, models, prior), validated once here for every API
// route and page; a saved leaderboard stores the same query (lib/leaderboard/saved.ts savedQuery).
// Messages name the constraint; the parser (./parse.ts) prefixes the parameter's name.
import { z } from "zod";
import { DEFAULT_METHOD, METHODS } from "./methods";
import { textProblem } from "./text";

/** Longest value of a name-like parameter (benchmark, task, tag, model, meta) and most repeats of one. */
export const MAX_NAME_LENGTH = 500;
export const MAX_REPEATS = 100;

/** A text parameter: at most `max` characters, none that the database or a page cannot take (./text.ts). */
export const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .superRefine((v, ctx) => {
      const problem = textProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
import { parseQuery, QuerySyntaxError } from "./query-language";

/** A query value that may be given once or repeated, as a list. */
export const repeated = z
  .preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(text(MAX_NAME_LENGTH)).max(MAX_REPEATS, `may be given at most ${MAX_REPEATS} times`),
  )
  .transform((list) => list.filter((s) => s.length > 0));

/**
 * Numbers in plain decimal only (`12`, `-0.5`, `.5`): `Number()` would also take `0x10`, `1e3`,
 * `Infinity` and whitespace, which no form produces and a cache key would then spell two ways.
 */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const number = (name: string) =>
  z
    .string()
    .trim()
    .max(40, "must be at most 40 characters")
    .regex(DECIMAL, "must be a plain decimal number")
    .transform(Number)
    .describe(name);

/** Integers in plain decimal digits only. */
export const integer = () =>
  z
    .string()
    .trim()
    .max(40, "must be at most 40 characters")
    .regex(/^\d+$/, "must be a whole number in decimal digits")
    .transform(Number);

/** What selects the samples of a leaderboard. */
export const selectionSchema = z.object({
  q: text(500)
    // Parsed before the trim: an error's position counts in the text as it was sent.
    .superRefine((v, ctx) => {
      try {
        parseQuery(v);
      } catch (e) {
        if (!(e instanceof QuerySyntaxError)) throw e;
        ctx.addIssue({ code: "custom", message: e.message });
      }
    })
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  k: integer()
    .pipe(z.number().min(1, "must be at least 1").max(20000, "must be at most 20000"))
    .optional(),
  threshold: number("threshold").pipe(z.number().min(-1, "must be in [-1, 1]").max(1, "must be in [-1, 1]")).optional(),
  benchmark: repeated,
  task: repeated,
  tag: repeated,
  /** Metadata filters as `key:value`, repeatable. */
  meta: repeated.pipe(z.array(z.string().regex(/^[^:]+:.*$/, 'must look like "key:value"'))),
  /** Leave out samples and benchmarks the health check flagged (lib/health/selection.ts). */
  exclude_flagged: z
    .enum(["true", "false"], { message: 'must be "true" or "false"' })
    .optional()
    .transform((v) => v === "true"),
  /** Samples with an image (bundled or image_url) or without one; absent: both. */
  modality: z.enum(["text", "image"], { message: "must be text or image" }).optional(),
});
export type Selection = z.infer<typeof selectionSchema>;

const billions = (name: string) => number(name).pipe(z.number().positive("must be a positive number (billions of parameters)")).optional();

/**
 * Which models are ranked, by the facts of their `model` lines (results format v1.1): a model
 * without the fact does not pass a filter on it. `organization` is repeatable (any of them).
 */
export const factsFilterSchema = z.object({
  open_weights: z
    .enum(["true", "false"], { message: "must be true or false" })
    .transform((v) => v === "true")
    .optional(),
  min_params_b: billions("min_params_b"),
  max_params_b: billions("max_params_b"),
  organization: repeated,
});
export type FactsFilter = z.infer<typeof factsFilterSchema>;

/** Whether any facts filter is set. */
export function hasFactsFilter(f: Partial<FactsFilter>): boolean {
  return f.open_weights !== undefined || f.min_params_b !== undefined || f.max_params_b !== undefined || (f.organization?.length ?? 0) > 0;
}

/** How the selected samples are aggregated, and over which models. */
export const aggregationSchema = z
  .object({
    method: z.enum(METHODS, { message: `must be one of ${METHODS.join(", ")}` }).default(DEFAULT_METHOD),
    baseline: text(200).trim().min(1).optional(),
    models: repeated,
    prior: number("prior").pipe(z.number().min(0, "must be ≥ 0").max(1000, "must be at most 1000")).optional(),
  })
  .extend(factsFilterSchema.shape);
export type Aggregation = z.infer<typeof aggregationSchema>;

export const leaderboardQuerySchema = selectionSchema.extend(aggregationSchema.shape);
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

/** Only the selection's own fields (a parsed request carries others, e.g. `models` or `limit`). */
export function pickSelection(s: Selection): Selection {
  return { q: s.q, k: s.k, threshold: s.threshold, benchmark: s.benchmark, task: s.task, tag: s.tag, meta: s.meta, exclude_flagged: s.exclude_flagged, ...(s.modality ? { modality: s.modality } : {}) };
}

/**
 * The selection's leaderboard with the default aggregation (Plackett–Luce over every model, the
 * portal's baseline and prior): what compare, model pages and the home page rank with.
 */
export function defaultLeaderboardQuery(selection?: Selection): LeaderboardQuery {
  return { ...leaderboardQuerySchema.parse({}), ...(selection ? pickSelection(selection) : {}) };
}
