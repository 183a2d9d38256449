// Entry of a computation's thread (./off-thread.ts): TypeScript through tsx's loader, registered
// in this thread, its own CPU priority lowered when asked (`nice`), then the module named by the
// parent, whose `run` answers the one input posted.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
if (workerData.nice !== undefined) {
  const { lowerThreadPriority } = await import("./priority.ts");
  lowerThreadPriority(workerData.nice);
}
const { run } = await import(workerData.module);
parentPort.once("message", async (input) => {
  parentPort.postMessage(await run(input));
});
