import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { handler, otherMethods } from "@/lib/api/handler";
import { getSampleDetail } from "@/lib/samples/detail";
import { sampleIdFromSegments } from "@/lib/samples/links";

export const dynamic = "force-dynamic";

export const GET = handler(async (_req, { params }) => {
  const id = sampleIdFromSegments(params.id);
  const detail = await getSampleDetail(id);
  if (!detail) throw new ApiError("not_found", `No sample with id "${id}"`);
  return NextResponse.json(detail);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
