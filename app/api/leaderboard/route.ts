// GET /api/leaderboard (spec/api.md): the live ranking of the samples the parameters select.
import { NextResponse } from "next/server";
import { handler, otherMethods } from "@/lib/api/handler";
import { liveLeaderboard } from "@/lib/leaderboard/compute";
import { parseParams } from "@/lib/selection/parse";
import { leaderboardQuerySchema } from "@/lib/selection/schema";

export const dynamic = "force-dynamic";

export const GET = handler(async (req) => {
  const query = parseParams(req.nextUrl.searchParams, leaderboardQuerySchema);
  return NextResponse.json(await liveLeaderboard(query));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
