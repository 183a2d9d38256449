import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { handler, otherMethods } from "@/lib/api/handler";
import { parseQuery } from "@/lib/selection/parse";
import { ApiError } from "@/lib/api/errors";
import { requireToken } from "@/lib/api/auth";
import { uploadInProgress } from "@/lib/db/queries/uploads";
import { UPLOAD_STATUS } from "@/lib/db/upload-status";
import { env } from "@/lib/env";
import { createUpload, processUpload, requeueUpload, type ByteSource } from "@/lib/ingest";
import { FORMATS } from "@/lib/ingest/formats";

export const dynamic = "force-dynamic";

const bool = z.enum(["true", "false", "1", "0"]).optional().transform((v) => v === "true" || v === "1");
const query = z.object({
  partial: bool,
  /** Extension: always answer 202 and process in the background (the upload page polls progress). */
  async: bool,
  /** The file's format (results-format v1.1 "Files of other tools"); default: detected from its content. */
  format: z.enum(FORMATS as [string, ...string[]]).optional(),
  /** Validate and report what would be stored, storing nothing. */
  dry_run: bool,
});

function headerFileName(raw: string | null): string | null {
  if (!raw) return null;
  try {
    return decodeURIComponent(raw).slice(0, 255);
  } catch {
    return raw.slice(0, 255);
  }
}

/** The file of a multipart body, or the raw body itself. */
async function bodyOf(req: NextRequest): Promise<{ body: ByteSource; fileName: string | null; partialField: boolean }> {
  const type = req.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await req.formData().catch(() => {
      throw new ApiError("bad_request", "Could not read the multipart body");
    });
    const file = form.get("file");
    if (!(file instanceof File)) throw new ApiError("bad_request", 'Multipart body has no "file" field');
    const partial = form.get("partial");
    return { body: file.stream(), fileName: file.name || null, partialField: partial === "true" || partial === "on" || partial === "1" };
  }
  if (!req.body) throw new ApiError("bad_request", "Empty body: send a results file (results-format v1)");
  return { body: req.body, fileName: headerFileName(req.headers.get("x-file-name")), partialField: false };
}

export const POST = handler(async (req) => {
  const params = parseQuery(req.nextUrl.searchParams, query);
  const token = await requireToken(req);
  const { UPLOAD_MAX_BYTES, UPLOAD_SYNC_BYTES } = env();
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > UPLOAD_MAX_BYTES) {
    throw new ApiError("payload_too_large", `Upload of ${declared} bytes exceeds the limit of ${UPLOAD_MAX_BYTES} bytes`);
  }
  const { body, fileName, partialField } = await bodyOf(req);
  const upload = await createUpload(body, { partial: params.partial || partialField, fileName, tokenId: token.id, maxBytes: UPLOAD_MAX_BYTES, format: params.format, dryRun: params.dry_run });
  // Answer at once: a small body is processed in the request unless another upload holds the
  // ingest lease (it would have to wait for it), in which case it goes to the worker too.
  if (!params.async && upload.bytes <= UPLOAD_SYNC_BYTES && !(await uploadInProgress())) {
    return NextResponse.json(await processUpload(upload.id), { status: 200 });
  }
  if (!(await requeueUpload(upload.id))) {
    throw new ApiError("unavailable", "The upload was received but could not be queued; it will be picked up when the worker restarts");
  }
  return NextResponse.json({ id: upload.id, status: UPLOAD_STATUS.queued }, { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
