// Runs in the health check's compute thread: one HealthInput in, its HealthReport out.
import { parentPort } from "node:worker_threads";
import { computeHealth, type HealthInput } from "./report";

parentPort!.once("message", (input: HealthInput) => {
  parentPort!.postMessage(computeHealth(input));
});
