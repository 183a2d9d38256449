// GET /api/benchmarks/{name}: one benchmark's health and its flagged samples, most suspicious first.
import { NextResponse } from "next/server";
import { z } from "zod";
import { handler, otherMethods } from "@/lib/api/handler";
import { benchmarkHealth, DEFAULT_FLAGGED_SAMPLES } from "@/lib/health/read";
import { parseParams } from "@/lib/selection/parse";

export const dynamic = "force-dynamic";

const querySchema = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(1, "must be at least 1").max(1000, "must be at most 1000"))
    .optional(),
});

export const GET = handler(async (req, { params }) => {
  const { limit } = parseParams(req.nextUrl.searchParams, querySchema);
  const name = String(params.name ?? "");
  return NextResponse.json(await benchmarkHealth(name, limit ?? DEFAULT_FLAGGED_SAMPLES));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
