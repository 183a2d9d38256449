// Processing one received upload: take its lease, stream-parse and validate, write in batches,
// then publish in one short transaction — or, when the upload fails, remove its rows. Leases are
// per upload: several uploads are processed at once, by any processes on any hosts.
import { ApiError } from "@/lib/api/errors";
import { withTransaction } from "@/lib/db/client";
import { logger } from "@/lib/log";
import { bumpDataVersion } from "@/lib/db/data-version";
import { deleteUnreferencedUploadImages } from "@/lib/db/queries/images";
import { updateSampleContents } from "@/lib/db/queries/sample-writes";
import { markTouchedRefreshQueued } from "@/lib/db/queries/saved-leaderboards";
import { heartbeat, markDone, markFailed, markFailing, requeueInterrupted, tryTakeLease, type Lease, type UploadOutcome } from "@/lib/db/queries/upload-lease";
import { deleteUploadRows, purgeSuperseded } from "@/lib/db/queries/upload-rows";
import { findSameFile, getUploadRow, type UploadRow } from "@/lib/db/queries/uploads";
import { refreshStatistics } from "@/lib/db/statistics";
import { UPLOAD_STATUS } from "@/lib/db/upload-status";
import { INTERRUPTED_IMPORT_MESSAGE } from "./cleanup";
import { crashPoint } from "./crash-points";
import { openUploadInput, resolveSampleImage } from "./bundle";
import { FileContext } from "./file-context";
import { MAX_REPORTED_ERRORS, MAX_REPORTED_WARNINGS } from "./limits";
import { notifyPublished } from "./notify";
import { runRecords, uploadRecords } from "./records";
import { LineErrorList } from "./report";
import { countBytes, fileSource, SourceError } from "./source";
import { spooledBody } from "./spool";
import { emptyCounts, type MeasurementRecord, type UploadCounts, type UploadReport } from "./types";
import { requeueUpload } from "./notify";
import { getUploadReport, LostLeaseError, ReleasedLeaseError } from "./uploads";
import { sampleContent, UploadWriter, type SampleUpdate } from "./writer";

export interface ProgressInfo {
  id: string;
  progress: number;
  lines: number;
  counts: UploadCounts;
}

export interface ProcessOptions {
  /** A local file to read (`npm run import`); default: the upload's body spooled in the database. */
  source?: string;
  /**
   * Called after every written batch and heartbeat. Processing waits for a returned promise (tests
   * use this to look at the database between batches).
   */
  onProgress?: (p: ProgressInfo) => void | Promise<void>;
}

const HEARTBEAT_MS = 1000;

let releasing = false;
/** Uploads this process is processing under its lease. */
const inFlight = new Set<Promise<void>>();

/**
 * Graceful stop: every upload this process is importing from a spooled body is handed back at its
 * next heartbeat (≤ 1 s) — its rows removed, queued again for any worker, the attempt not counted —
 * instead of waiting for the recovery timeout. Imports of local files go on to their end. Resolves
 * once every upload this process held is handed back or finished (true), or after `timeoutMs`
 * (false: what is left is recovered by another process when its lease times out).
 */
export async function releaseLeases(timeoutMs = 0): Promise<boolean> {
  releasing = true;
  if (inFlight.size === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const settled = Promise.allSettled([...inFlight]).then(() => true);
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(inFlight.size === 0), timeoutMs)));
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Takes leases again after releaseLeases (tests: test/db.ts, between files run in one process). */
export function resumeLeases(): void {
  releasing = false;
}

/** An upload being processed: its row and the lease this process holds on it. */
type Leased = UploadRow & { lease: Lease };

/**
 * Processes a created upload to its end and returns its report. Idempotent: an upload already
 * finished (or taken by another process) is not processed again — its current report is returned.
 */
export async function processUpload(id: string, opts: ProcessOptions = {}): Promise<UploadReport> {
  const row = await getUploadRow(id);
  if (!row) throw new ApiError("not_found", `no upload with id "${id}"`);
  if (row.status === UPLOAD_STATUS.queued) {
    if (row.file_bytes === null) await markFailed(id, "the upload's file was not received completely");
    else if (!opts.source && row.inflated_bytes === null) await markFailed(id, INTERRUPTED_IMPORT_MESSAGE);
    else {
      const lease = await tryTakeLease(id);
      if (lease) {
        const run = runLeased({ ...row, lease }, opts);
        inFlight.add(run);
        try {
          await run;
        } finally {
          inFlight.delete(run);
        }
      }
    }
  }
  const report = await getUploadReport(id);
  if (!report) throw new ApiError("not_found", `no upload with id "${id}"`);
  return report;
}

async function runLeased(row: Leased, opts: ProcessOptions): Promise<void> {
  try {
    const same = row.file_sha256 ? await findSameFile(row.id, row.file_sha256) : null;
    if (same) await publishDuplicate(row, same);
    else await ingest(row, opts);
  } catch (err) {
    if (err instanceof LostLeaseError) {
      logger("ingest").warn({ upload_id: row.id }, err.message);
      return;
    }
    if (err instanceof ReleasedLeaseError) {
      await handBack(row);
      return;
    }
    logger("ingest").error({ upload_id: row.id, err }, "upload failed");
    const outcome: UploadOutcome = {
      lines: 0,
      counts: emptyCounts(),
      errors: [],
      errorCount: 0,
      warnings: [],
      warningCount: 0,
      message: `internal error while storing the upload; nothing from it was stored (${(err as Error).message})`,
    };
    if (await markFailing(row.lease, outcome).catch(() => false)) {
      await deleteUploadRows(row.seq);
      await markFailed(row.id);
    }
  }
}

/** Running → failing (its rows removed) → queued again, for another process to start over. */
async function handBack(row: Leased): Promise<void> {
  const outcome: UploadOutcome = { lines: 0, counts: emptyCounts(), errors: [], errorCount: 0, warnings: [], warningCount: 0, message: null };
  if (!(await markFailing(row.lease, outcome))) return;
  await deleteUploadRows(row.seq);
  if (await requeueInterrupted(row.id, { released: true })) await requeueUpload(row.id);
  logger("ingest").warn({ upload_id: row.id }, `upload ${row.id} handed back for another worker`);
}

/** The same content as an earlier clean upload: nothing to do, and nothing is done. */
async function publishDuplicate(row: Leased, same: { id: string; lines: number }): Promise<void> {
  const outcome: UploadOutcome = {
    lines: same.lines,
    counts: { ...emptyCounts(), duplicates: same.lines },
    errors: [],
    errorCount: 0,
    warnings: [],
    warningCount: 0,
    message: `the same file was already uploaded as ${same.id}; nothing changed`,
    duplicateOf: same.id,
  };
  await withTransaction(async (c) => {
    if (!(await markDone(c, row.lease, outcome))) throw new LostLeaseError(row.id);
  });
}

async function ingest(row: Leased, opts: ProcessOptions): Promise<void> {
  const counts = emptyCounts();
  const errors = new LineErrorList(MAX_REPORTED_ERRORS);
  const warnings = new LineErrorList(MAX_REPORTED_WARNINGS);
  const ctx = new FileContext();
  const reject = (line: number, message: string) => {
    counts.rejected++;
    errors.add(line, message);
    if (!row.partial) writer.writing = false;
  };
  const writer = new UploadWriter(row.seq, { counts, reject }, { dryRun: row.dry_run });
  let bytesRead = 0;
  let lines = 0;
  const total = row.file_bytes ?? 0;
  const progress = () => (total > 0 ? Math.min(1, bytesRead / total) : 0);
  let lastBeat = Date.now();
  const beat = async () => {
    if (releasing && !opts.source) throw new ReleasedLeaseError(row.id);
    lastBeat = Date.now();
    if (!(await heartbeat(row.lease, { progress: progress(), lines, counts, errorCount: errors.count }))) throw new LostLeaseError(row.id);
  };
  const report = async () => opts.onProgress?.({ id: row.id, progress: progress(), lines, counts: { ...counts } });

  let fileError: string | null = null;
  crashPoint("before-parse");
  try {
    const bytes = opts.source ? fileSource(opts.source) : spooledBody(row.id);
    const input = await openUploadInput(countBytes(bytes, (n) => (bytesRead += n)), { fileName: row.file_name, uploadSeq: row.seq, format: row.format });
    const records = input.run ? runRecords(input.run.format, input.run.files) : uploadRecords(input.bytes, { fileName: input.fileName, format: row.format });
    for await (const chunk of records) {
      for (const p of chunk) {
        lines++;
        if ("skipped" in p) {
          counts.skipped++;
          continue;
        }
        if ("error" in p) {
          reject(p.line, p.error);
          if (p.sampleId !== undefined) ctx.rejectedSample({ id: p.sampleId }, p.line);
          continue;
        }
        if (p.warning) warnings.add(p.line, p.warning);
        const r = p.record;
        if (r.type === "sample") {
          const imageProblem = resolveSampleImage(r, input.images);
          if (imageProblem) {
            reject(p.line, imageProblem);
            ctx.rejectedSample({ id: r.id }, p.line);
            continue;
          }
          const v = ctx.sample(r, p.line);
          if (v.kind === "error") reject(p.line, v.message);
          else if (v.kind === "repeat") counts.duplicates++;
          else writer.addSample(p.line, r, v.hash, ctx.samples.get(r.id)!, r.input.length + (r.reference?.length ?? 0) + 256);
        } else if (r.type === "model") {
          writer.addModel(p.line, r);
        } else {
          const v = ctx.reference(r.sample);
          if (v.kind === "error") reject(p.line, v.message);
          else writer.addMeasurement(p.line, r, v.kind === "file" ? v.entry : null, measurementBytes(r));
        }
      }
      const flushed = writer.full;
      // A batch is written only under a lease just confirmed: a process that stalled past the
      // recovery timeout finds its upload taken (or restarted) here, before writing into it.
      const beating = flushed || Date.now() - lastBeat >= HEARTBEAT_MS;
      if (beating) await beat();
      if (flushed) {
        await writer.flush();
        crashPoint("mid-write");
      }
      if (beating) await report();
    }
    await writer.flush();
    await writer.flushFacts();
    await report();
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    fileError = err.message;
  }
  if (fileError) errors.add(0, fileError);
  else if (lines === 0) {
    fileError = "the file contains no records";
    errors.add(0, fileError);
  }

  const outcome: UploadOutcome = {
    lines,
    counts,
    errors: errors.list(),
    errorCount: errors.count,
    warnings: warnings.list(),
    warningCount: warnings.count,
    message: null,
    idlessPairwise: writer.storedEvents,
  };
  if (fileError || (!row.partial && counts.rejected > 0)) {
    outcome.counts = { ...emptyCounts(), rejected: counts.rejected };
    outcome.message = fileError
      ? `${fileError}; nothing was stored`
      : `${counts.rejected} line${counts.rejected === 1 ? " was" : "s were"} rejected, so nothing was stored (all-or-nothing); fix ${counts.rejected === 1 ? "it" : "them"}, or send the file with partial=true (\`npm run import -- FILE --partial\`) to store only the valid lines`;
    if (!(await markFailing(row.lease, outcome))) throw new LostLeaseError(row.id);
    await deleteUploadRows(row.seq);
    await markFailed(row.id);
    return;
  }
  if (counts.rejected > 0) outcome.message = `${counts.rejected} line${counts.rejected === 1 ? "" : "s"} rejected; the valid lines were stored (partial)`;
  if (row.dry_run) await finishDryRun(row, outcome);
  else await publish(row, outcome, writer.sampleUpdates);
}

/**
 * A dry run: it wrote no sample, model, measurement or fact (lib/ingest/writer.ts); what a bundle
 * stored (its images, content-addressed) is removed where nothing shows it, and the report, with
 * the counts of what would have been stored, published without touching the pool.
 */
async function finishDryRun(row: Leased, outcome: UploadOutcome): Promise<void> {
  await deleteUploadRows(row.seq);
  const stored = outcome.message ? outcome.message.replace("the valid lines were stored", "the valid lines would be stored") : null;
  outcome.message = `dry run: nothing was stored${stored ? `; ${stored}` : ""}`;
  await withTransaction(async (db) => {
    if (!(await markDone(db, row.lease, outcome))) throw new LostLeaseError(row.id);
  });
}

/** What a pending measurement holds in memory, roughly: outputs can dwarf the rest. */
function measurementBytes(r: MeasurementRecord): number {
  switch (r.type) {
    case "ranking":
      return 64 * r.ranking.flat().length;
    case "pairwise":
      return 128 + (r.output_a?.length ?? 0) + (r.output_b?.length ?? 0);
    default:
      return 128 + (r.output?.length ?? 0);
  }
}

/**
 * The one short transaction that makes the upload visible: sample content updates, status 'done',
 * data_version + 1, the saved leaderboards it can change marked for refresh (the others' snapshots
 * stay current). Then, outside it, the rows it replaced
 * are deleted (invisible already) and the worker is told.
 */
async function publish(row: Leased, outcome: UploadOutcome, sampleUpdates: SampleUpdate[]): Promise<void> {
  const c = outcome.counts;
  const changed = c.samples_new + c.samples_updated + c.measurements_new + c.measurements_updated + c.facts_new + c.facts_updated > 0;
  const slugs = await withTransaction(async (db) => {
    await updateSampleContents(db, sampleUpdates.map((u) => sampleContent(u.record, u.hash, u.pk)));
    if (!(await markDone(db, row.lease, outcome))) throw new LostLeaseError(row.id);
    crashPoint("mid-publish");
    if (!changed) return [];
    const version = await bumpDataVersion(db);
    // Rewritten samples may leave a filter, and model facts show in any leaderboard that ranks the
    // model: either marks every saved leaderboard (each refresh then finds whether it changed).
    return markTouchedRefreshQueued(db, row.seq, version, c.samples_updated + c.facts_new + c.facts_updated > 0);
  });
  await purgeSuperseded(row.seq);
  // Bundled images that no stored sample shows (unnamed, or named by a rejected line of a partial upload).
  await deleteUnreferencedUploadImages(row.seq);
  // New rows change the planner's picture; uploads of measurements alone trigger no embed job.
  if (changed) await refreshStatistics().catch((err: Error) => logger("ingest").warn({ err }, "ANALYZE failed"));
  if (changed) await notifyPublished({ samplesChanged: c.samples_new + c.samples_updated > 0, slugs });
}
