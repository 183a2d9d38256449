// The background queue: pg-boss on the same Postgres as everything else. Web requests and scripts
// only send jobs; the worker process (workers/index.ts) works them.
import PgBoss from "pg-boss";
import { databaseUrl } from "@/lib/env";
import { logger } from "@/lib/log";

/** Every queue of the portal. Job payloads are plain JSON. */
export const QUEUES = {
  /** Embed samples that have no vector from the active embedder. Payload: {} (the job finds them). */
  embedSamples: "embed-samples",
  /** Refit the offline fallback embedder on the grown pool, then re-embed. Payload: {} */
  fitEmbedder: "fit-embedder",
  /** Recompute one saved leaderboard's snapshot. Payload: { slug: string } */
  refreshLeaderboard: "refresh-leaderboard",
  /** Finish (or clean up) an upload stored in the background. Payload: { uploadId: string } */
  processUpload: "process-upload",
  /** Recompute benchmark health for the current data version (lib/health/job.ts). Payload: {} */
  checkHealth: "check-health",
  /** Fetch and store the image_url of samples that have no image yet. Payload: {} (the job finds them). */
  fetchImages: "fetch-images",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** How long a job may run before pg-boss considers its worker dead and retries it. */
const EXPIRE_SECONDS: Record<QueueName, number> = {
  "embed-samples": 15 * 60,
  "fit-embedder": 15 * 60,
  "refresh-leaderboard": 5 * 60,
  "process-upload": 30 * 60,
  "check-health": 10 * 60,
  "fetch-images": 30 * 60,
};

/**
 * pg-boss's queue policy. "stately" keeps at most one job per singletonKey queued (and one
 * active): refreshes coalesce per saved leaderboard, health checks and image fetches into one, so a backlog of publishes (or a restart's
 * catch-up) queues each leaderboard once instead of once per publish. A standard queue ignores
 * singletonKey (pg-boss 10 dedupes only under these policies).
 */
const POLICIES: Record<QueueName, "standard" | "stately"> = {
  "embed-samples": "standard",
  "fit-embedder": "standard",
  "refresh-leaderboard": "stately",
  "process-upload": "standard",
  "check-health": "stately",
  "fetch-images": "stately",
};

const g = globalThis as unknown as { __portalBoss?: Promise<PgBoss>; __portalQueueRole?: "worker" | "sender" };

/**
 * Only worker processes run pg-boss's maintenance (expiry, archiving); web and script processes
 * just send. Call before the first `boss()`.
 */
export function setQueueRole(role: "worker" | "sender"): void {
  g.__portalQueueRole = role;
}

/** The process's pg-boss instance, started once (creates its schema and the queues on first use). */
export function boss(): Promise<PgBoss> {
  g.__portalBoss ??= (async () => {
    const worker = g.__portalQueueRole === "worker";
    const b = new PgBoss({ connectionString: databaseUrl(), max: worker ? 3 : 2, schema: "pgboss", supervise: worker, schedule: worker });
    b.on("error", (err) => logger("queue").error({ err }, "pg-boss error"));
    await b.start();
    for (const name of Object.values(QUEUES)) {
      // A job whose worker died is retried once it expires; every job is idempotent.
      const policy = POLICIES[name];
      const existing = await b.getQueue(name);
      if (!existing) await b.createQueue(name, { name, policy, retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: EXPIRE_SECONDS[name] });
      else if (existing.policy !== policy) await b.updateQueue(name, { name, policy });
    }
    return b;
  })();
  return g.__portalBoss;
}

/**
 * Sends a job; null when it coalesced. On a "stately" queue `singletonKey` collapses duplicates
 * that are still queued (one refresh per leaderboard however many uploads touched it).
 */
export async function enqueue(queue: QueueName, data: object, opts: { singletonKey?: string; startAfterSeconds?: number } = {}): Promise<string | null> {
  const b = await boss();
  return b.send(queue, data, { singletonKey: opts.singletonKey, startAfter: opts.startAfterSeconds });
}

/**
 * Stops taking jobs and waits up to `timeoutMs` for the running ones; pg-boss then fails those
 * still running, so another worker retries them at once instead of after their expiry.
 */
export async function stopQueue(timeoutMs = 10_000): Promise<void> {
  const p = g.__portalBoss;
  g.__portalBoss = undefined;
  if (p) await (await p).stop({ graceful: true, wait: true, timeout: timeoutMs });
}
