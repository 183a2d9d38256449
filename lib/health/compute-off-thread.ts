// The health check's computation (./report.ts computeHealth: per-benchmark fits, wrong keys,
// duplicates) runs in a worker thread. At 100k samples it is tens of seconds of synchronous CPU;
// on the worker's main thread it blocked the event loop so long that the same process's other jobs
// lost their database connections (an upload processed beside it failed with "connection
// timeout" twice and waited minutes: bench:load --pool 100000). In its own thread the worker keeps
// answering its connections and jobs; the thread inherits the worker's lowered CPU priority.
import { Worker } from "node:worker_threads";
import type { HealthInput } from "./report";
import type { HealthReport } from "./types";

export function computeHealthOffThread(input: HealthInput): Promise<HealthReport> {
  return new Promise((resolve, reject) => {
    // No inherited preloads (execArgv): the entry registers tsx itself, and npm start's
    // exit-with-parent preload would end the thread at once (a thread's stdin is closed).
    const thread = new Worker(new URL("./compute-thread.mjs", import.meta.url), { execArgv: [] });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void thread.terminate();
    };
    thread.once("message", (report: HealthReport) => settle(() => resolve(report)));
    thread.once("error", (err) => settle(() => reject(err)));
    thread.once("exit", (code) => settle(() => reject(new Error(`the health check's compute thread exited (code ${code}) without a report`))));
    thread.postMessage(input);
  });
}
