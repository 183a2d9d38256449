import { NextResponse } from "next/server";
import { handler, parseQuery } from "@/lib/api/handler";
import { compareModels } from "@/lib/compare/compare";
import { compareQuerySchema, pickSelection } from "@/lib/compare/params";

export const dynamic = "force-dynamic";

export const GET = handler(async (req) => {
  const q = parseQuery(req.nextUrl.searchParams, compareQuerySchema);
  return NextResponse.json(await compareModels({ models: q.models, selection: pickSelection(q) }));
});
