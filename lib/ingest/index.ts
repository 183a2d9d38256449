// Ingestion of results files (spec/results-format.md): the entry points of routes, scripts and the
// worker. One code path: every upload is created (body spooled into the database, or a local file
// named), then processed by processUpload().
//
//   POST /api/uploads  → createUpload(body, opts); small once inflated: processUpload(id) within
//                        UPLOAD_SYNC_MS → 200 report; large or slower: enqueue QUEUES.processUpload
//                        {uploadId} (worker: processUpload) → 202
//   GET /api/uploads/id → getUploadReport(id)
//   npm run import      → importFile(path, opts)
//   start / worker      → recoverInterruptedUploads()
import { randomUUID } from "node:crypto";
import path from "node:path";
import { ApiError } from "@/lib/api/errors";
import { deleteQueuedUpload, insertUpload, setUploadFile } from "@/lib/db/queries/uploads";
import { UPLOAD_STATUS } from "@/lib/db/upload-status";
import { env } from "@/lib/env";
import { DEFAULT_RATIO_FLOOR_BYTES } from "./inflate-guard";
import { processUpload, type ProcessOptions } from "./process";
import { contentSha256, fileSize } from "./local-file";
import { spoolBody } from "./spool";
import type { ByteSource } from "./source";
import { emptyCounts, type UploadReport } from "./types";

export { processUpload, releaseLeases, resumeLeases, type ProcessOptions, type ProgressInfo } from "./process";
export { getUploadReport } from "./uploads";
export { recoverInterruptedUploads, type RecoveryResult } from "./cleanup";
export { requeueUpload } from "./notify";
export { parseResults, type ParsedLine } from "./parse";
export { checkResults, type CheckResult } from "./check";
export type { UploadReport, UploadCounts, LineError, ResultRecord } from "./types";
export type { ByteSource } from "./source";

export interface UploadOptions {
  /** Store the valid lines only (default: all-or-nothing). */
  partial?: boolean;
  /** Shown in the report; for spooled bodies, the uploaded file's name. */
  fileName?: string | null;
  /** The upload token that authorised it (lib/auth/tokens). */
  tokenId?: number | null;
  /** The file's format (`format=`, `--format`: results, alpaca-eval, lm-eval, …); default: detected. */
  format?: string | null;
  /** Validate, compare with the store and report, but store nothing (dry_run=true, --dry-run). */
  dryRun?: boolean;
  /** Largest accepted body in bytes (default env UPLOAD_MAX_BYTES). */
  maxBytes?: number;
}

/** What the body was found to hold once received (before processing). */
export interface ReceivedFile {
  /** A multipart field after the file (`partial=true`) overrides the option given before it. */
  partial?: boolean;
}

export interface CreatedUpload {
  id: string;
  status: typeof UPLOAD_STATUS.queued;
  /** Size of the received body (compressed size when gzipped). */
  bytes: number;
  /** Size of its content, inflated: what processing it will read. */
  inflatedBytes: number;
}

/**
 * Receives an upload: records it `queued`, spools the body into the database as it streams in
 * (gzip recognised by its magic bytes, inflated on the fly to count, cap and hash it), and returns;
 * nothing is parsed yet. Throws ApiError('payload_too_large') past a cap, and whatever reading the
 * body threw (a client gone): the row and its chunks are then removed. `received` (a multipart
 * body's fields after the file) is awaited before the file is recorded complete.
 */
export async function createUpload(body: ByteSource, opts: UploadOptions = {}, received?: Promise<ReceivedFile>): Promise<CreatedUpload> {
  const id = randomUUID();
  await insertUpload({ id, partial: opts.partial ?? false, fileName: opts.fileName ?? null, tokenId: opts.tokenId ?? null, counts: emptyCounts(), format: opts.format, dryRun: opts.dryRun });
  const config = env();
  try {
    const spooled = await spoolBody(id, body, {
      maxBytes: opts.maxBytes ?? config.UPLOAD_MAX_BYTES,
      maxInflatedBytes: config.UPLOAD_MAX_INFLATED_BYTES,
      maxRatio: config.UPLOAD_MAX_INFLATE_RATIO,
      ratioFloorBytes: DEFAULT_RATIO_FLOOR_BYTES,
    });
    const after = await received;
    await setUploadFile(id, { bytes: spooled.bytes, inflatedBytes: spooled.inflatedBytes, sha256: opts.dryRun ? null : spooled.sha256, partial: after?.partial });
    return { id, status: UPLOAD_STATUS.queued, bytes: spooled.bytes, inflatedBytes: spooled.inflatedBytes };
  } catch (err) {
    await deleteQueuedUpload(id);
    throw err;
  }
}

/** Receives and processes a body in one call (spooled like any upload); returns the final report. */
export async function ingestStream(body: ByteSource, opts: UploadOptions & Pick<ProcessOptions, "onProgress"> = {}): Promise<UploadReport> {
  const { id } = await createUpload(body, opts);
  return processUpload(id, { onProgress: opts.onProgress });
}

/** `npm run import`: a local file, read in place (not spooled). */
export async function importFile(filePath: string, opts: Omit<UploadOptions, "maxBytes"> & Pick<ProcessOptions, "onProgress"> = {}): Promise<UploadReport> {
  const abs = path.resolve(filePath);
  let bytes: number;
  try {
    bytes = await fileSize(abs);
  } catch {
    throw new ApiError("not_found", `cannot read ${abs}`);
  }
  const id = randomUUID();
  await insertUpload({
    id,
    partial: opts.partial ?? false,
    fileName: opts.fileName ?? path.basename(abs),
    tokenId: opts.tokenId ?? null,
    counts: emptyCounts(),
    format: opts.format,
    dryRun: opts.dryRun,
  });
  const sha256 = opts.dryRun ? null : await contentSha256(abs);
  await setUploadFile(id, { bytes, inflatedBytes: null, sha256 });
  return processUpload(id, { source: abs, onProgress: opts.onProgress });
}
