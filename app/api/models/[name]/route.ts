import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { handler, parseQuery } from "@/lib/api/handler";
import { modelQuerySchema } from "@/lib/models/params";
import { modelProfile } from "@/lib/models/profile";
import { pickSelection } from "@/lib/compare/params";

export const dynamic = "force-dynamic";

export const GET = handler(async (req, { params }) => {
  const name = String(params.name ?? "");
  const q = parseQuery(req.nextUrl.searchParams, modelQuerySchema);
  const profile = await modelProfile(name, pickSelection(q), { limit: q.limit });
  if (!profile) throw new ApiError("not_found", `No model named "${name}"`);
  return NextResponse.json(profile);
});
