import { NextResponse } from "next/server";
import { handler, otherMethods } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { getUploadReport } from "@/lib/ingest";

export const dynamic = "force-dynamic";

export const GET = handler(async (_req, { params }) => {
  const id = String(params.id);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError("not_found", `No upload with id "${id}"`);
  const report = await getUploadReport(id);
  if (!report) throw new ApiError("not_found", `No upload with id "${id}"`);
  return NextResponse.json(report);
}, { cache: "no-store" });

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
