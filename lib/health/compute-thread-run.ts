// Runs in the health check's compute thread (./compute-off-thread.ts): one HealthInput in, its HealthReport out.
import { computeHealth, type HealthInput } from "./report";

export function run(input: HealthInput) {
  return computeHealth(input);
}
