// Routes that take a selection plus parameters of their own: GET /api/samples (paging),
// GET /api/models/{name} (how many evidence samples to list) and GET /api/compare (the models).
import { z } from "zod";
import { integer as decimalInteger, repeated, selectionSchema } from "./schema";

const integer = (min: number, max: number) => decimalInteger().pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** Samples listed per page of GET /api/samples and /samples when `limit` is not given. */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

export const pageSchema = z.object({
  limit: integer(1, MAX_LIMIT).optional(),
  offset: integer(0, 10_000_000).optional(),
});
export type Page = z.infer<typeof pageSchema>;

export const samplesQuerySchema = selectionSchema.extend(pageSchema.shape);

/** Evidence samples listed on a model's page when `limit` is not given. */
export const DEFAULT_EVIDENCE_LIMIT = 200;

export const modelQuerySchema = selectionSchema.extend({ limit: pageSchema.shape.limit });

export const MIN_MODELS = 2;
export const MAX_MODELS = 10;
/** Without `models`, the top of the selection's Plackett–Luce leaderboard is compared. */
export const DEFAULT_MODELS = 5;

/** The count limits on `models` are checked after duplicates are dropped (lib/compare/compare.ts). */
export const compareQuerySchema = selectionSchema.extend({ models: repeated });
