import { NextResponse } from "next/server";
import { handler, otherMethods } from "@/lib/api/handler";
import { listSamples } from "@/lib/samples/list";
import { parseParams } from "@/lib/selection/parse";
import { samplesQuerySchema } from "@/lib/selection/route-schemas";
import { pickSelection } from "@/lib/selection/schema";

export const dynamic = "force-dynamic";

export const GET = handler(async (req) => {
  const q = parseParams(req.nextUrl.searchParams, samplesQuerySchema);
  return NextResponse.json(await listSamples(pickSelection(q), { limit: q.limit, offset: q.offset }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
