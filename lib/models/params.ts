// GET /api/models/{name}: an optional selection (the leaderboard row the model was reached from)
// and how many of the samples behind that row to list.
import { pageSchema } from "@/lib/samples/params";
import { selectionSchema } from "@/lib/leaderboard/params";

export const modelQuerySchema = selectionSchema.extend({ limit: pageSchema.shape.limit });
