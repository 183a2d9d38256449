// The query of GET /api/evaluation-plan (spec/api.md "Evaluating a new model"): a model, a budget
// and the selection parameters of /api/leaderboard, nothing else. An unknown parameter is refused
// by name rather than ignored: a misspelt filter would otherwise plan over the wrong samples.
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { parseQuery } from "@/lib/selection/parse";
import { selectionSchema } from "@/lib/selection/schema";
import { MAX_BUDGET } from "./evaluation-plan";

export const planQuerySchema = selectionSchema.extend({
  model: z.string({ message: "is required (the model to plan for)" }).trim().min(1, "must be a non-empty model name").max(200, "must be at most 200 characters"),
  budget: z
    .string({ message: `is required (how many samples to plan, 1 to ${MAX_BUDGET})` })
    .trim()
    .regex(/^-?\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(1, "must be at least 1").max(MAX_BUDGET, `must be at most ${MAX_BUDGET}`)),
});
export type PlanQuery = z.infer<typeof planQuerySchema>;

const KNOWN = new Set(Object.keys(planQuerySchema.shape));
/** The selection parameters, for messages. */
export const SELECTION_PARAMETERS = Object.keys(selectionSchema.shape);

export function parsePlanQuery(sp: URLSearchParams): PlanQuery {
  for (const key of sp.keys()) {
    if (!KNOWN.has(key)) throw new ApiError("bad_request", `Parameter "${key}" is not known (allowed: ${[...KNOWN].join(", ")})`);
  }
  return parseQuery(sp, planQuerySchema);
}
