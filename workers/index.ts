// The background worker: a pg-boss consumer on the portal's Postgres. Stateless; run more of them
// to scale. At start and then periodically it catches up on work that a killed worker or a lost
// message left behind: interrupted uploads, samples without vectors, stale snapshots.
import { writeFileSync } from "node:fs";
import { env } from "@/lib/env";
import { boss, enqueue, QUEUES, setQueueRole, stopQueue } from "@/lib/queue";
import { closeDb, onConnect } from "@/lib/db/client";
import { samplesAwaitingImage } from "@/lib/db/queries/images";
import { recoverInterruptedUploads, releaseLeases } from "@/lib/ingest";
import { spacesWithEmbeddingWork } from "@/lib/retrieval/embed-pool";
import { enqueueStaleRefreshes } from "@/lib/leaderboard/refresh";
import { healthIsStale } from "@/lib/health/status";
import { logger } from "@/lib/log";
import { lowerBackendPriority } from "@/lib/db/backend-priority";
import { IDLE_NICE, lowerIdleWork, lowerProcessPriority } from "@/lib/threads/priority";
import { registerHandlers } from "./handlers";
import { WORKER_STOP_MS } from "./stop-budget";

const CATCH_UP_SECONDS = 30;
const log = (msg: string) => logger("worker").info(msg);

async function catchUp(): Promise<void> {
  // Uploads of a worker (or web server) that died: taken over within a minute (30 s without a
  // heartbeat, then this runs at most 30 s later), restarted from their spooled bodies.
  const recovered = await recoverInterruptedUploads();
  if (recovered.failed.length) log(`failed interrupted uploads: ${recovered.failed.join(", ")}`);
  if (recovered.requeued.length) log(`re-queued uploads: ${recovered.requeued.join(", ")}`);
  if ((await samplesAwaitingImage(1)).length > 0) await enqueue(QUEUES.fetchImages, {}, { singletonKey: "fetch-images" });
  if ((await spacesWithEmbeddingWork()).length > 0) {
    await enqueue(QUEUES.embedSamples, {}, { singletonKey: "embed" });
  } else {
    await enqueueStaleRefreshes();
  }
  if (await healthIsStale()) await enqueue(QUEUES.checkHealth, {}, { singletonKey: "health" });
  // Reached only when the database answered every step: the health check's sign of life.
  const heartbeat = env().WORKER_HEARTBEAT_FILE;
  if (heartbeat) writeFileSync(heartbeat, new Date().toISOString());
}

let timer: NodeJS.Timeout | undefined;

/**
 * Background work gives way to serving: the worker runs at a lower CPU priority (WORKER_NICE), so
 * that on a host it shares with a web server (npm start, a small VM) an import, an embedding fit or
 * a refresh storm takes the cores the web server leaves idle, not the ones its requests wait for.
 */
function lowerPriority(): void {
  const nice = env().WORKER_NICE;
  if (nice === 0) return;
  try {
    const threads = lowerProcessPriority(nice);
    lowerIdleWork();
    log(`CPU priority lowered (nice ${nice}, ${threads} threads; computations nobody waits for, nice ${IDLE_NICE})`);
  } catch (err) {
    logger("worker").warn({ err }, "could not lower the CPU priority");
    return;
  }
  // Its database sessions too, where the server runs on this host; said once, for the first.
  let told = false;
  onConnect(async (client) => {
    const outcome = await lowerBackendPriority(client, nice);
    if (told) return;
    told = true;
    if (outcome === "lowered") log(`database sessions lowered to nice ${nice} too (the server runs on this host)`);
    else if (outcome !== "embedded") log(`database sessions keep their priority (${outcome})`);
  });
}

async function main() {
  lowerPriority();
  setQueueRole("worker");
  const b = await boss();
  const names = await registerHandlers(b);
  log(`connected to the queue; working ${names.join(", ")}`);
  await catchUp();
  timer = setInterval(() => void catchUp().catch((err: Error) => logger("worker").warn({ err }, "catch-up failed")), CATCH_UP_SECONDS * 1000);
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  clearInterval(timer);
  const t0 = performance.now();
  logger("worker").info("stopping");
  // Uploads in progress are handed back within a second; the queue then lets other running jobs
  // end, and fails those that do not in time so that another worker retries them at once.
  const handedBack = await releaseLeases(WORKER_STOP_MS.handBack);
  await stopQueue(WORKER_STOP_MS.queue);
  await closeDb();
  logger("worker").info({ duration_ms: Math.round(performance.now() - t0), leases_released: handedBack }, "stopped");
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

main().catch((err) => {
  logger("worker").fatal({ err }, "failed to start");
  process.exit(1);
});
