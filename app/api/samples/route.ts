import { NextResponse } from "next/server";
import { handler, parseQuery } from "@/lib/api/handler";
import { pickSelection } from "@/lib/compare/params";
import { listSamples } from "@/lib/samples/list";
import { samplesQuerySchema } from "@/lib/samples/params";

export const dynamic = "force-dynamic";

export const GET = handler(async (req) => {
  const q = parseQuery(req.nextUrl.searchParams, samplesQuerySchema);
  return NextResponse.json(await listSamples(pickSelection(q), { limit: q.limit, offset: q.offset }));
});
