// The worker's lower CPU priority (WORKER_NICE) on every thread of its process: Linux keeps a nice
// value per thread, and os.setPriority(0, n) changes only the calling one, so V8's platform threads
// (GC helpers: concurrent marking of the worker's heaps, its compute threads' included) started
// before it kept nice 0. Threads started later inherit the value of the thread that starts them.
// Its database sessions: lib/db/backend-priority.ts.
import { readdirSync, readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** Lowers every thread of this process to `nice`; returns how many threads were changed. */
export function lowerProcessPriority(nice: number): number {
  setPriority(nice);
  let changed = 1;
  let tids: string[] = [];
  try {
    tids = readdirSync("/proc/self/task");
  } catch {
    return changed; // not Linux: the process-wide call above is all there is
  }
  for (const tid of tids) {
    if (Number(tid) === process.pid) continue;
    try {
      setPriority(Number(tid), nice);
      changed++;
    } catch {
      // a thread that ended meanwhile
    }
  }
  return changed;
}

/**
 * The niceness of background computations nobody waits for (the health check's thread): the
 * lowest priority there is, so that on a host whose cores the web servers keep busy they take
 * ~1% of a core (Linux's weight for nice 19 is 15, nice 0's 1024) where WORKER_NICE's 10 took ~10%.
 */
export const IDLE_NICE = 19;

let idleWork: number | undefined;

/** The worker, once it has lowered its own priority, sends such computations lower still (IDLE_NICE). */
export function lowerIdleWork(): void {
  idleWork = IDLE_NICE;
}

/**
 * The niceness for a computation nobody waits for: IDLE_NICE in a worker that lowered its priority,
 * else undefined (the thread keeps its starter's: a test or a script running one is waited for).
 */
export function idleWorkNice(): number | undefined {
  return idleWork;
}

/**
 * Lowers the calling thread alone to `nice` (a worker thread's own, for its computation), never
 * raising it; nothing where threads have no id of their own to address (not Linux).
 */
export function lowerThreadPriority(nice: number): void {
  let tid: number;
  try {
    tid = Number(readlinkSync("/proc/thread-self").split("/").at(-1));
  } catch {
    return;
  }
  if (Number.isInteger(tid) && getPriority(tid) < nice) setPriority(tid, nice);
}
