// Ingestion of results files (spec/results-format.md): the entry points of routes, scripts and the
// worker. One code path: every upload is created (body spooled to disk, or a local file named),
// then processed by processUpload().
//
//   POST /api/uploads  → createUpload(body, opts); small, and no upload holding the lease
//                        (lib/db/queries/uploads.ts uploadInProgress): await processUpload(id) → 200 report;
//                        large: enqueue QUEUES.processUpload {uploadId} (worker: processUpload) → 202
//   GET /api/uploads/id → getUploadReport(id)
//   npm run import      → importFile(path, opts)
//   start / worker      → recoverInterruptedUploads()
import { randomUUID } from "node:crypto";
import path from "node:path";
import { ApiError } from "@/lib/api/errors";
import { deleteQueuedUpload, insertUpload, setUploadFile } from "@/lib/db/queries/uploads";
import { UPLOAD_STATUS } from "@/lib/db/upload-status";
import { env } from "@/lib/env";
import { processUpload, type ProcessOptions } from "./process";
import { removeSpool } from "./cleanup";
import { contentSha256, fileSize, spoolBody } from "./spool";
import type { ByteSource } from "./source";
import { emptyCounts, type UploadReport } from "./types";

export { processUpload, type ProcessOptions, type ProgressInfo } from "./process";
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

export interface CreatedUpload {
  id: string;
  status: typeof UPLOAD_STATUS.queued;
  /** Size of the received body (compressed size when gzipped). */
  bytes: number;
}

/**
 * Receives an upload: spools the body to DATA_DIR/uploads/<id>.jsonl[.gz] (gzip recognised by its
 * magic bytes), records it as `queued`, and returns at once; nothing is parsed yet. Throws
 * ApiError('payload_too_large') past maxBytes (the row is then removed).
 */
export async function createUpload(body: ByteSource, opts: UploadOptions = {}): Promise<CreatedUpload> {
  const id = randomUUID();
  await insertUpload({ id, partial: opts.partial ?? false, fileName: opts.fileName ?? null, tokenId: opts.tokenId ?? null, spoolPath: null, counts: emptyCounts(), format: opts.format, dryRun: opts.dryRun });
  let spooled: { path: string; bytes: number } | undefined;
  try {
    spooled = await spoolBody(id, body, opts.maxBytes ?? env().UPLOAD_MAX_BYTES);
    const sha = opts.dryRun ? null : await contentSha256(spooled.path);
    await setUploadFile(id, { bytes: spooled.bytes, sha256: sha, spoolPath: spooled.path });
  } catch (err) {
    removeSpool(spooled?.path ?? null);
    await deleteQueuedUpload(id);
    throw err;
  }
  return { id, status: UPLOAD_STATUS.queued, bytes: spooled.bytes };
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
    spoolPath: null,
    counts: emptyCounts(),
    format: opts.format,
    dryRun: opts.dryRun,
  });
  await setUploadFile(id, { bytes, sha256: opts.dryRun ? null : await contentSha256(abs) });
  return processUpload(id, { source: abs, onProgress: opts.onProgress });
}
