// GET /api/leaderboard (spec/api.md): the live ranking of the samples the parameters select.
import { NextResponse } from "next/server";
import { handler, parseQuery } from "@/lib/api/handler";
import { computeLeaderboard } from "@/lib/leaderboard/compute";
import { leaderboardQuerySchema } from "@/lib/leaderboard/params";

export const dynamic = "force-dynamic";

export const GET = handler(async (req) => {
  const query = parseQuery(req.nextUrl.searchParams, leaderboardQuerySchema);
  return NextResponse.json(await computeLeaderboard(query));
});
