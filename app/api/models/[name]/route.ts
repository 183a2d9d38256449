import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { handler, otherMethods } from "@/lib/api/handler";
import { modelProfile } from "@/lib/models/profile";
import { parseParams } from "@/lib/selection/parse";
import { modelQuerySchema } from "@/lib/selection/route-schemas";
import { pickSelection } from "@/lib/selection/schema";

export const dynamic = "force-dynamic";

export const GET = handler(async (req, { params }) => {
  const name = String(params.name ?? "");
  const q = parseParams(req.nextUrl.searchParams, modelQuerySchema);
  const profile = await modelProfile(name, pickSelection(q), { limit: q.limit });
  if (!profile) throw new ApiError("not_found", `No model named "${name}"`);
  return NextResponse.json(profile);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
