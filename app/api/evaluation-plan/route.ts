// GET /api/evaluation-plan (spec/api.md "Evaluating a new model"): the samples a model should be
// run on next so that its place on the selection's leaderboard is known soonest.
import { NextResponse } from "next/server";
import { handler, otherMethods } from "@/lib/api/handler";
import { parsePlanQuery } from "@/lib/planning/request";
import { evaluationPlanFor } from "@/lib/planning/selection-plan";

export const dynamic = "force-dynamic";

export const GET = handler(async (req) => {
  const query = parsePlanQuery(req.nextUrl.searchParams);
  return NextResponse.json(await evaluationPlanFor(query));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
