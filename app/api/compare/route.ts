import { NextResponse } from "next/server";
import { handler, otherMethods } from "@/lib/api/handler";
import { compareModels } from "@/lib/compare/compare";
import { parseParams } from "@/lib/selection/parse";
import { compareQuerySchema } from "@/lib/selection/route-schemas";
import { pickSelection } from "@/lib/selection/schema";

export const dynamic = "force-dynamic";

export const GET = handler(async (req) => {
  const q = parseParams(req.nextUrl.searchParams, compareQuerySchema);
  return NextResponse.json(await compareModels({ models: q.models, selection: pickSelection(q) }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
