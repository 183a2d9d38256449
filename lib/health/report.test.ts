import { describe, expect, it } from "vitest";
import { healthInputFromLines } from "@/scripts/lib/health-data";
import { DUPLICATES, plantedPool, WRONG_KEYS } from "@/test/health-pool";
import { computeHealth } from "./report";
import { TIED_LISTED } from "./types";

describe("computeHealth on a pool with planted faults", () => {
  const input = healthInputFromLines(plantedPool());
  const report = computeHealth(input);
  const bench = (name: string) => report.benchmarks.find((b) => b.name === name)!;
  const severe = (name: string) => bench(name).flags.filter((f) => f.severity !== "info").map((f) => f.code);
  const flaggedIds = (code: string) => new Set(report.sampleFlags.filter((f) => f.code === code).map((f) => input.texts.ids[f.sample]));

  it("flags the DROP-like benchmark: most models at the floor and answers that match but were scored wrong", () => {
    expect(severe("drop-like")).toEqual(expect.arrayContaining(["floor", "answer_normalisation"]));
    const mismatch = bench("drop-like").flags.find((f) => f.code === "answer_normalisation")!;
    expect(mismatch.severity).toBe("critical");
    expect(bench("drop-like").stats.answers.examples.length).toBeGreaterThan(0);
  });
  it("finds most planted wrong answer keys, with few false alarms", () => {
    const flagged = flaggedIds("negative_discrimination");
    const hits = WRONG_KEYS.filter((id) => flagged.has(id)).length;
    expect(hits).toBeGreaterThanOrEqual(6);
    expect(hits / flagged.size).toBeGreaterThanOrEqual(0.5);
  });
  it("finds every copied question across benchmarks, keeping the first copy", () => {
    const dup = report.sampleFlags.filter((f) => f.code === "duplicate");
    const ids = new Set(dup.map((f) => input.texts.ids[f.sample]));
    for (const id of DUPLICATES) expect(ids.has(id)).toBe(true);
    expect(dup.filter((f) => f.excludable).map((f) => input.texts.ids[f.sample]).sort()).toEqual([...DUPLICATES].sort());
  });
  it("lists by id the samples on which every model ties, as many as it counts up to TIED_LISTED", () => {
    const b = bench("drop-like");
    expect(b.stats.degenerate).toBeGreaterThan(0);
    const ids = b.stats.tiedSamples!;
    expect(ids).toHaveLength(Math.min(b.stats.degenerate, TIED_LISTED));
    // Each listed sample is this benchmark's, and every model measured on it has the same value.
    const ofId = new Map(input.texts.ids.map((id, i) => [id, i]));
    const sc = input.batch.score;
    for (const id of ids) {
      const s = ofId.get(id)!;
      expect(input.texts.benchmarks[s]).toBe("drop-like");
      const values = new Set<number>();
      for (let r = 0; r < sc.sample.length; r++) if (sc.sample[r] === s) values.add(sc.value[r]);
      expect(values.size).toBe(1);
    }
  });
  it("leaves the healthy benchmark unflagged and agreeing with the pool", () => {
    expect(severe("arith")).toEqual([]);
    expect(bench("arith").agreement!.tau).toBeGreaterThan(0.6);
    expect(bench("arith").nModels).toBe(16);
    expect(bench("arith").nSamples).toBe(120);
  });
});
