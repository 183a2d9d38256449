// The worker's lower CPU priority (WORKER_NICE) on every thread of its process: Linux keeps a nice
// value per thread, and os.setPriority(0, n) changes only the calling one, so V8's platform threads
// (GC helpers: concurrent marking of the worker's heaps, its compute threads' included) started
// before it kept nice 0. Threads started later inherit the value of the thread that starts them.
// Its database sessions: lib/db/backend-priority.ts.
import { readdirSync } from "node:fs";
import { setPriority } from "node:os";

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
