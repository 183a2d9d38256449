// GET /api/leaderboards/{slug} (spec/api.md): a saved per-concept leaderboard, its latest cached
// snapshot with computed_at, and whether a newer one is being computed.
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { handler, otherMethods } from "@/lib/api/handler";
import { dataVersion } from "@/lib/db/data-version";
import { getSavedLeaderboard } from "@/lib/leaderboard/saved";
import { savedDetailJson } from "../saved-json";

export const dynamic = "force-dynamic";

export const GET = handler(async (_req, { params }) => {
  const slug = String(params.slug);
  const [saved, version] = await Promise.all([getSavedLeaderboard(slug), dataVersion()]);
  if (!saved) throw new ApiError("not_found", `No saved leaderboard "${slug}"`);
  return NextResponse.json(savedDetailJson(saved, version));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
