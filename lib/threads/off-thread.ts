// Long synchronous computations of background jobs run in a worker thread, so that the process's
// event loop keeps answering its database connections, its queue and its signals. Measured on a
// 100k-sample pool: the health check (~2 min of CPU) and the bootstrap intervals of a whole-pool
// saved leaderboard (100 refits, minutes) each blocked the worker's loop long enough that an upload
// processed beside them lost its connections ("connection timeout") and waited minutes, and Ctrl-C
// waited for the computation to end.
//
// `runOffThread(module, input)` starts a thread that imports `module` (a TypeScript file exporting
// `run(input)`), runs it once and posts the result back; input and result cross by structured clone
// (typed arrays, Maps and plain objects; no functions or class instances). The thread inherits the
// process's lowered CPU priority; `nice` lowers the thread's own further (./priority.ts IDLE_NICE). Only for the worker and scripts (tsx): the web bundle never
// imports this module.
import { Worker } from "node:worker_threads";

export function runOffThread<T>(module: URL, input: unknown, what: string, opts: { nice?: number } = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    // No inherited preloads (execArgv): the entry registers tsx itself, and npm start's
    // exit-with-parent preload would end the thread at once (a thread's stdin is closed).
    const thread = new Worker(new URL("./thread-entry.mjs", import.meta.url), { execArgv: [], workerData: { module: module.href, nice: opts.nice } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void thread.terminate();
    };
    thread.once("message", (result: T) => settle(() => resolve(result)));
    thread.once("error", (err) => settle(() => reject(err)));
    thread.once("exit", (code) => settle(() => reject(new Error(`${what}: its thread exited (code ${code}) without a result`))));
    thread.postMessage(input);
  });
}
