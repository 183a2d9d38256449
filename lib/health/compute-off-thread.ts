// The health check's computation (./report.ts computeHealth: per-benchmark fits, wrong keys,
// duplicates) and the vector scan for near-duplicate pairs before it (./vector-duplicates.ts) run in
// a worker thread (lib/threads/off-thread.ts). At 100k samples the computation is tens of seconds
// of synchronous CPU and the scan, which compares every pair of samples from different benchmarks,
// tens of minutes. On the worker's main thread they blocked the event loop so long that the same
// process's other jobs lost their database connections (an upload processed beside the
// computation failed with "connection timeout" twice and waited minutes: bench:load --pool 100000;
// the scan's blocks of 256 rows, sized for 12k samples, each held the loop for seconds at 100k).
// Nobody waits for it, so in the worker its thread runs at the lowest priority (IDLE_NICE): at
// WORKER_NICE the scan took ~5 s of CPU from the web servers in each 30 s of bench:load at 100k.
import { runOffThread } from "@/lib/threads/off-thread";
import { idleWorkNice } from "@/lib/threads/priority";
import type { HealthInput } from "./report";
import type { HealthReport } from "./types";
import type { VectorMatrix } from "./vector-duplicates";

export interface HealthThreadInput {
  input: HealthInput;
  /** Scan these vectors for pairs at cosine ≥ threshold (rows of `only`, if given) and add them to input.vectorPairs. */
  scan?: { matrix: VectorMatrix; threshold: number; only?: Uint8Array };
}

export function computeHealthOffThread(input: HealthInput, scan?: HealthThreadInput["scan"]): Promise<HealthReport> {
  const sent: HealthThreadInput = { input, scan };
  return runOffThread(new URL("./compute-thread-run.ts", import.meta.url), sent, "the health check's computation", { nice: idleWorkNice() });
}
