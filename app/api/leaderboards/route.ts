// GET /api/leaderboards: the saved per-concept leaderboards with their leaders.
// POST /api/leaderboards: save a query as a concept leaderboard (needs an upload token); the
// worker computes its first snapshot. Only same-origin pages can call it from a browser: no CORS
// headers are sent, and the Authorization header makes any cross-origin call need a preflight.
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { handler, otherMethods } from "@/lib/api/handler";
import { requireToken } from "@/lib/api/auth";
import { readJsonBody } from "@/lib/api/json-body";
import { dataVersion } from "@/lib/db/data-version";
import { createSavedLeaderboard, getSavedLeaderboard, listSavedLeaderboards, savedLeaderboardInput } from "@/lib/leaderboard/saved";
import { enqueue, QUEUES } from "@/lib/queue";
import { savedDetailJson, savedSummaryJson } from "./saved-json";

export const dynamic = "force-dynamic";

export const GET = handler(async () => {
  const [saved, version] = await Promise.all([listSavedLeaderboards(), dataVersion()]);
  return NextResponse.json({ leaderboards: saved.map((s) => savedSummaryJson(s, version)) });
});

export const POST = handler(async (req) => {
  // Browsers label cross-site requests; programs send no such header.
  if (req.headers.get("sec-fetch-site") === "cross-site") throw new ApiError("unauthorized", "Leaderboards can only be saved from this site's pages or with a token from a program");
  await requireToken(req, "upload");
  const body = await readJsonBody(req);
  const parsed = savedLeaderboardInput.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError("bad_request", `Field "${issue.path.join(".") || "body"}": ${issue.message}`);
  }
  await createSavedLeaderboard(parsed.data);
  await enqueue(QUEUES.refreshLeaderboard, { slug: parsed.data.slug }, { singletonKey: parsed.data.slug });
  const [saved, version] = await Promise.all([getSavedLeaderboard(parsed.data.slug), dataVersion()]);
  return NextResponse.json(savedDetailJson(saved!, version), { status: 201, headers: { Location: `/api/leaderboards/${parsed.data.slug}` } });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
