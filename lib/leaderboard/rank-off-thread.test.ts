import { describe, expect, it } from "vitest";
import { rank } from "@/lib/ranking/leaderboard";
import { measurementCount } from "@/lib/ranking/measurements";
import { simulatePlackettLuce } from "@/lib/ranking/simulate";
import { rankOffThread } from "./rank-off-thread";

describe("a saved leaderboard's ranking in a thread", () => {
  const { batch } = simulatePlackettLuce({ nModels: 12, nSamples: 300, seed: 7, scoreGroup: 6, pairwise: 40 });
  const options = { ci: "bootstrap" as const, bootstrap: { resamples: 20 }, warmStart: new Map([["m0", 0.1]]) };

  it("answers exactly what rank answers on this thread (batch, options and result cross intact)", async () => {
    const off = await rankOffThread("plackett-luce", batch, options, 0);
    const here = rank("plackett-luce", batch, options);
    expect(off.models.length).toBe(12);
    expect(off.models.every((m) => m.ci !== null)).toBe(true);
    expect(off).toEqual(here);
    expect(off.theta).toBeInstanceOf(Map);
  });

  it("leaves this thread's event loop free while it fits (a sync fit would let no timer fire)", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      const result = await rankOffThread("plackett-luce", batch, { ...options, bootstrap: { resamples: 100 } }, 0);
      expect(result.models.length).toBe(12);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(5);
  });

  it("ranks small batches on this thread, below the measured threshold", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const result = await rankOffThread("plackett-luce", batch, options, measurementCount(batch) + 1);
    clearInterval(timer);
    expect(result).toEqual(rank("plackett-luce", batch, options));
    expect(ticks).toBe(0);
  });
});
