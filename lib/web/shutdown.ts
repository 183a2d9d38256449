// Graceful stop of a web process. `next start` already answers SIGTERM/SIGINT by closing its
// server, finishing the requests in flight, then calling process.exit. What it does not know of:
// uploads this process goes on importing after answering 202 (app/api/uploads). Those are handed
// back here (lib/ingest releaseLeases) so that a worker restarts them at once, and Next's exit
// waits for that — at most HAND_BACK_MS, below what supervisors wait before SIGKILL.
import { releaseLeases } from "@/lib/ingest";
import { logger } from "@/lib/log";

export const HAND_BACK_MS = 5_000;

type Exit = (code?: number | string | null) => never;

/**
 * On the first SIGTERM or SIGINT: release this process's upload leases, and hold any process.exit
 * until they are handed back (or HAND_BACK_MS passed). Returns the handler, for tests.
 */
export function handBackUploadsOnStop(proc: Pick<NodeJS.Process, "once" | "exit"> = process): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  const onSignal = () => {
    if (stopping) return stopping;
    const t0 = performance.now();
    const exit = proc.exit.bind(proc) as Exit;
    stopping = releaseLeases(HAND_BACK_MS).then((released) => {
      logger("web").info({ duration_ms: Math.round(performance.now() - t0), leases_released: released }, "uploads handed back");
    });
    const done = stopping;
    proc.exit = ((code?: number | string | null) => void done.finally(() => exit(code))) as Exit;
    return done;
  };
  proc.once("SIGTERM", onSignal);
  proc.once("SIGINT", onSignal);
  return onSignal;
}
