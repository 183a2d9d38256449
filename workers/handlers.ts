// Job handlers by queue. Each is thin: it reads the payload and calls lib/. Every job is
// idempotent (its state lives in the database), so pg-boss's retries and a catch-up after a
// killed worker can only repeat work, never corrupt it.
import type PgBoss from "pg-boss";
import { logger } from "@/lib/log";
import { QUEUES } from "@/lib/queue";
import { embedAllSpaces, type EmbedRunResult } from "@/lib/retrieval/embed-pool";
import { enqueueHealthRefreshes, enqueueStaleRefreshes, refreshSnapshot } from "@/lib/leaderboard/refresh";
import { processUpload } from "@/lib/ingest";
import { crashPoint } from "@/lib/ingest/crash-points";
import { runHealthCheck } from "@/lib/health/job";
import { fetchPendingImages } from "@/lib/images/fetch-pending";
import { runJob } from "./run-job";

const log = (msg: string) => logger("worker").info(msg);

export const handlers = {
  async [QUEUES.embedSamples]() {
    const t0 = performance.now();
    const runs = await embedAllSpaces(({ space, embedded, remaining }) => {
      log(`${space}: embedded ${embedded}, ${remaining} to go`);
      crashPoint("mid-embedding");
    });
    for (const r of runs) log(`embed job, ${r.space} space: ${describeRun(r)} in ${Math.round(performance.now() - t0)} ms`);
    // Only a run that changed what searches see moved the data version and so staled snapshots.
    if (runs.some((r) => r.dataVersion !== null)) {
      const slugs = await enqueueStaleRefreshes();
      if (slugs.length) log(`queued refreshes: ${slugs.join(", ")}`);
    }
  },

  async [QUEUES.refreshLeaderboard](data: { slug?: unknown }) {
    if (typeof data.slug !== "string") throw new Error("refresh job without a slug");
    const r = await refreshSnapshot(data.slug);
    log(`refresh ${data.slug}: ${r.status}${"durationMs" in r ? ` in ${r.durationMs} ms` : ""}`);
  },

  async [QUEUES.processUpload](data: { uploadId?: unknown }) {
    if (typeof data.uploadId !== "string") throw new Error("upload job without an uploadId");
    const report = await processUpload(data.uploadId);
    log(`upload ${data.uploadId}: ${report.status}`);
  },

  async [QUEUES.checkHealth]() {
    const r = await runHealthCheck();
    log(`health check, data version ${r.dataVersion}: ${r.status === "computed" ? `${r.benchmarks} benchmarks, ${r.flaggedSamples} flagged samples in ${r.durationMs} ms` : r.status}`);
    // Saved leaderboards show their selection's flags: those read from an earlier run are checked again.
    if (r.status === "computed") {
      const slugs = await enqueueHealthRefreshes(r.runId);
      if (slugs.length) log(`queued refreshes after the health check: ${slugs.join(", ")}`);
    }
  },

  async [QUEUES.fetchImages]() {
    const r = await fetchPendingImages();
    log(`image_url fetches: ${r.stored} stored, ${r.refused} refused (see each sample's image_error)`);
    if (r.stored > 0) await handlers[QUEUES.embedSamples]();
  },

  async [QUEUES.fitEmbedder]() {
    await handlers[QUEUES.embedSamples]();
  },
} satisfies Record<string, (data: never) => Promise<void>>;

function describeRun(r: EmbedRunResult): string {
  const parts = [r.fitted ? "fitted the fallback embedder" : "", `${r.embedded} samples embedded with ${r.embedder ?? "no embedder"}`];
  if (r.flipped) parts.push(`${r.embedder} is now the active model`);
  if (r.removed) parts.push(`${r.removed} superseded vectors deleted`);
  if (r.index?.action === "created" || r.index?.action === "dropped") parts.push(`HNSW index over ${r.index.vectors} vectors ${r.index.action}`);
  return parts.filter(Boolean).join(", ");
}

export async function registerHandlers(b: PgBoss): Promise<string[]> {
  for (const [queue, fn] of Object.entries(handlers)) {
    await b.work(queue, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
      await runJob(queue, job, fn as (d: unknown) => Promise<void>);
    });
  }
  return Object.keys(handlers);
}
