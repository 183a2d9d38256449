// The accessors tests read the demo's planted leaders and counts through agree with what the
// generator declares in summary.json and with the committed lines.
import { describe, expect, it } from "vitest";
import { DOMAINS } from "./skills";
import {
  DEMO_BASELINE,
  DEMO_MODELS,
  demoLines,
  demoMeasurementsOf,
  demoModelsOn,
  demoSamples,
  demoSamplesWithResult,
  demoSummary,
  plantedLast,
  plantedLeader,
  plantedOrder,
  type Capability,
} from "./planted";

describe("planted leaders", () => {
  it("are the generator's intended leaders for the pool, every domain and every subtopic", () => {
    const want = demoSummary().intendedLeaders;
    expect(plantedLeader("overall")).toBe(want.overall);
    for (const d of DOMAINS) expect(plantedLeader(d), d).toBe(want.byDomain[d]);
    for (const [key, leader] of Object.entries(want.bySubtopic)) expect(plantedLeader(key as Capability), key).toBe(leader);
  });

  it("order every model once, best first", () => {
    for (const c of ["overall", "law", "programming/python"] as const) {
      const order = plantedOrder(c);
      expect([...order].sort()).toEqual([...DEMO_MODELS].sort());
      expect(order[0]).toBe(plantedLeader(c));
      expect(order.at(-1)).toBe(plantedLast(c));
    }
    expect(plantedLast("overall")).not.toBe(DEMO_BASELINE);
  });
});

describe("demo counts", () => {
  it("read the committed file and summary consistently", () => {
    const s = demoSummary();
    expect(demoLines()).toHaveLength(s.lines);
    expect(demoSamples()).toHaveLength(s.samples);
    expect(s.modelList).toEqual(DEMO_MODELS.filter((m) => s.modelList.includes(m)));
    expect(s.baselineModel).toBe(DEMO_BASELINE);
    for (const [b, n] of Object.entries(s.samplesByBenchmark)) {
      expect(demoSamples().filter((x) => x.benchmark === b)).toHaveLength(n);
      const measured = demoSamples()
        .filter((x) => x.benchmark === b)
        .reduce((acc, x) => acc + demoMeasurementsOf(x.id).length, 0);
      expect(measured, b).toBe(s.measurementsByBenchmark[b]);
    }
  });

  it("know which models were run where", () => {
    const s = demoSummary();
    const union = new Set(Object.keys(s.samplesByBenchmark).flatMap(demoModelsOn));
    expect(union.size).toBe(s.models);
    // The baseline is never missing: it has a result on every sample of a scored benchmark.
    expect(demoSamplesWithResult("demo-bio-qa", DEMO_BASELINE)).toHaveLength(s.samplesByBenchmark["demo-bio-qa"]);
    const leader = plantedLeader("biology");
    const withResult = demoSamplesWithResult("demo-bio-qa", leader);
    expect(withResult.length).toBeGreaterThan(0);
    expect(withResult.length).toBeLessThanOrEqual(s.samplesByBenchmark["demo-bio-qa"]);
    for (const id of withResult) expect(demoMeasurementsOf(id).some((l) => l.type === "score" && l.model === leader)).toBe(true);
  });
});
