// GET /api/samples: the selection parameters of a leaderboard plus paging of the retrieved list.
import { z } from "zod";
import { selectionSchema } from "@/lib/leaderboard/params";

const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

export const pageSchema = z.object({
  limit: integer(1, MAX_LIMIT).optional(),
  offset: integer(0, 10_000_000).optional(),
});
export type Page = z.infer<typeof pageSchema>;

export const samplesQuerySchema = selectionSchema.extend(pageSchema.shape);
