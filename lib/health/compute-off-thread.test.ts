import { describe, expect, it } from "vitest";
import { healthInputFromLines } from "@/scripts/lib/health-data";
import { plantedPool } from "@/test/health-pool";
import { computeHealthOffThread } from "./compute-off-thread";
import { computeHealth } from "./report";

describe("the health check's compute thread", () => {
  it("reports exactly what the computation reports on this thread (the input and report cross intact)", async () => {
    const input = healthInputFromLines(plantedPool());
    const [off, here] = [await computeHealthOffThread(input), computeHealth(input)];
    expect(off.sampleFlags.length).toBeGreaterThan(0);
    expect(off).toEqual(here);
  });
});
