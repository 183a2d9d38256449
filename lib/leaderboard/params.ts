// The parameters that select samples and shape a leaderboard, shared by GET /api/leaderboard, the
// pages (URL state) and saved leaderboards. Validated once here.
import { z } from "zod";
import { repeated } from "@/lib/api/handler";

export const METHODS = ["plackett-luce", "bradley-terry", "elo", "mean", "borda", "win-rate"] as const;
export type Method = (typeof METHODS)[number];

export const METHOD_LABELS: Record<Method, string> = {
  "plackett-luce": "Plackett–Luce",
  "bradley-terry": "Bradley–Terry",
  elo: "Elo",
  mean: "Mean score",
  borda: "Borda count",
  "win-rate": "Win rate",
};

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
});
export type Selection = z.infer<typeof selectionSchema>;

/** How the selected samples are aggregated. */
export const aggregationSchema = z.object({
  method: z.enum(METHODS, { message: `must be one of ${METHODS.join(", ")}` }).default("plackett-luce"),
  baseline: z.string().trim().min(1).max(200).optional(),
  models: repeated,
  prior: number("prior").pipe(z.number().min(0, "must be ≥ 0").max(1000, "must be at most 1000")).optional(),
});
export type Aggregation = z.infer<typeof aggregationSchema>;

export const leaderboardQuerySchema = selectionSchema.extend(aggregationSchema.shape);
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const DEFAULT_K = 1000;
