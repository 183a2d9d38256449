// Runs in the health check's compute thread (./compute-off-thread.ts): the vector scan for
// near-duplicate pairs, when asked, then the computation; one input in, its HealthReport out.
import { computeHealth } from "./report";
import { scanVectorPairs } from "./vector-duplicates";
import type { HealthThreadInput } from "./compute-off-thread";

export async function run({ input, scan }: HealthThreadInput) {
  // Nothing else runs in this thread: the scan need not let other work in between its blocks.
  if (!scan) return computeHealth(input);
  const scanned = await scanVectorPairs(scan.matrix, scan.threshold, scan.only, async () => undefined);
  return computeHealth({ ...input, vectorPairs: [...(input.vectorPairs ?? []), ...scanned] });
}
