import { NextResponse } from "next/server";
import { z } from "zod";
import { handler, otherMethods } from "@/lib/api/handler";
import { parseQuery } from "@/lib/selection/parse";
import { ApiError } from "@/lib/api/errors";
import { requireToken } from "@/lib/api/auth";
import { readMultipartFile } from "@/lib/api/multipart";
import { UPLOAD_STATUS } from "@/lib/db/upload-status";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { createUpload, getUploadReport, processUpload, requeueUpload } from "@/lib/ingest";
import { FORMATS } from "@/lib/ingest/formats";
import { countRefusal } from "@/lib/metrics";

export const dynamic = "force-dynamic";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

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

const truthy = (v: string | undefined) => v === "true" || v === "on" || v === "1";

/** A body refused for its size (or inflation) is counted for /metrics. */
function counted(err: unknown): unknown {
  if (err instanceof ApiError && err.code === "payload_too_large") countRefusal("too_large");
  return err;
}

export const POST = handler(async (req) => {
  const params = parseQuery(req.nextUrl.searchParams, query);
  const token = await requireToken(req, "upload");
  const { UPLOAD_MAX_BYTES, UPLOAD_SYNC_BYTES, UPLOAD_SYNC_MS } = env();
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > UPLOAD_MAX_BYTES) {
    throw new ApiError("payload_too_large", `Upload of ${declared} bytes exceeds the limit of ${UPLOAD_MAX_BYTES} bytes`);
  }
  const opts = { partial: params.partial, tokenId: token.id, maxBytes: UPLOAD_MAX_BYTES, format: params.format, dryRun: params.dry_run };
  let upload;
  if ((req.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    // Streamed: the file's bytes go to the spool as they arrive; a `partial` field may follow it.
    const form = await readMultipartFile(req, UPLOAD_MAX_BYTES);
    const received = form.fields.then((f) => ({ partial: params.partial || truthy(f.partial) }));
    upload = await createUpload(form.stream, { ...opts, fileName: form.fileName }, received).catch((err: unknown) => {
      form.abort();
      throw counted(err);
    });
  } else {
    if (!req.body) throw new ApiError("bad_request", "Empty body: send a results file (results-format v1)");
    upload = await createUpload(req.body, { ...opts, fileName: headerFileName(req.headers.get("x-file-name")) }).catch((err: unknown) => {
      throw counted(err);
    });
  }
  // Small content (counted inflated: a small gzip can hold a lot) is processed in the request, for
  // at most UPLOAD_SYNC_MS; past that the answer is 202 and processing goes on where it started.
  if (!params.async && upload.inflatedBytes <= UPLOAD_SYNC_BYTES) {
    const work = processUpload(upload.id);
    const report = await Promise.race([work, sleep(UPLOAD_SYNC_MS).then(() => null)]);
    // Queued again: this process is stopping and handed the upload back (lib/web/shutdown.ts).
    if (report) return NextResponse.json(report, { status: report.status === UPLOAD_STATUS.queued ? 202 : 200 });
    work.catch((err: Error) => logger("ingest").error({ upload_id: upload.id, err }, "background processing failed"));
    const now = await getUploadReport(upload.id);
    return NextResponse.json({ id: upload.id, status: now?.status ?? UPLOAD_STATUS.running }, { status: 202 });
  }
  if (!(await requeueUpload(upload.id))) {
    throw new ApiError("unavailable", "The upload was received but could not be queued; it will be picked up when the worker restarts");
  }
  return NextResponse.json({ id: upload.id, status: UPLOAD_STATUS.queued }, { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
