import { describe, expect, it } from "vitest";
import { Prng } from "@/lib/ranking/prng";
import { benchmarkAbilities } from "./item-fit";
import { outputCategories, type JudgedOutput } from "./key-agreement";
import { noOutputs, selectByExpectedCount, selectByFalseDiscovery, WROTE_A, WROTE_OTHER, wrongKeyPosterior } from "./key-posterior";
import type { Outcomes } from "./outcomes";
import { EXPECTED_KEYS_FACTOR, FALSE_DISCOVERY, POSTERIOR_FLOOR } from "./thresholds";

describe("selectByFalseDiscovery", () => {
  it("keeps the largest top set whose mean of 1 − posterior is at most the target, by hand", () => {
    // Sorted: 0.99, 0.9, 0.6, 0.2 → running means of 1 − p: 0.01, 0.055, 0.17, 0.3275.
    const p = Float64Array.from([0.2, 0.99, NaN, 0.6, 0.9]);
    expect([...selectByFalseDiscovery(p, 0.25)]).toEqual([0, 1, 0, 1, 1]);
    expect([...selectByFalseDiscovery(p, 0.05)]).toEqual([0, 1, 0, 0, 0]);
    expect([...selectByFalseDiscovery(p, 0.005)]).toEqual([0, 0, 0, 0, 0]);
    // A low posterior early does not stop a later set whose mean is under the target.
    expect([...selectByFalseDiscovery(Float64Array.from([0.7, 0.7, 0.99, 0.99]), 0.2)]).toEqual([1, 1, 1, 1]);
  });
});

describe("selectByExpectedCount", () => {
  it("keeps round(factor × Σ posterior) of the highest posteriors that are at least the floor, by hand", () => {
    // Σ = 0.99 + 0.9 + 0.6 + 0.2 + 0.05 + 0.05 = 2.79.
    const p = Float64Array.from([0.2, 0.99, NaN, 0.6, 0.9, 0.05, 0.05]);
    expect([...selectByExpectedCount(p, 1, 0)]).toEqual([0, 1, 0, 1, 1, 0, 0]); // 3
    expect([...selectByExpectedCount(p, 1.6, 0)]).toEqual([1, 1, 0, 1, 1, 0, 0]); // 4.46 → 4
    expect([...selectByExpectedCount(p, 1.9, 0)]).toEqual([1, 1, 0, 1, 1, 1, 0]); // 5.30 → 5, ties by index: 5 first
    expect([...selectByExpectedCount(p, 2, 0)]).toEqual([1, 1, 0, 1, 1, 1, 1]); // 5.58 → 6
    // The floor stops the set before a posterior under it, however many the count allows.
    expect([...selectByExpectedCount(p, 2, 0.1)]).toEqual([1, 1, 0, 1, 1, 0, 0]);
    expect([...selectByExpectedCount(p, 2, 0.7)]).toEqual([0, 1, 0, 0, 1, 0, 0]);
    // Wrong keys that stand out: 10 at 0.99 and 90 at 0.05 expect 14.4; at 1.6 the count (23)
    // would take 13 of the 0.05 tail, the floor none; the mean-posterior rule at 0.45 would take 8.
    const stark = Float64Array.from({ length: 100 }, (_, i) => (i < 10 ? 0.99 : 0.05));
    expect([...selectByExpectedCount(stark, 1.6, 0.1)].filter(Boolean).length).toBe(10);
    expect([...selectByExpectedCount(stark, 1.6, 0)].filter(Boolean).length).toBe(23);
    expect([...selectByFalseDiscovery(stark, 0.45)].filter(Boolean).length).toBe(18);
  });
  it("the thresholds stay where bench:health measured them", () => {
    expect(EXPECTED_KEYS_FACTOR).toBe(1.6);
    expect(POSTERIOR_FLOOR).toBe(0.1);
    expect(FALSE_DISCOVERY).toBe(0.25);
  });
});

/**
 * A seeded benchmark: 30 models with a spread of strength, 800 four-option questions; a model
 * knows the answer with σ(2.5·θ − β) and otherwise guesses (1/4 right; when wrong, half of the
 * models write the question's popular distractor). 40 questions get a wrong key: the models that
 * were right are now wrong, and those that were wrong picked the key with probability `pick`.
 */
function simulate(pick: number, seed = 3) {
  const rng = new Prng(seed);
  const nModels = 30;
  const nItems = 800;
  const theta = Array.from({ length: nModels }, (_, m) => -1.5 + (3 * m) / (nModels - 1));
  const planted = new Set<number>();
  while (planted.size < 40) planted.add(rng.int(nItems));
  const offsets = [0];
  const model: number[] = [];
  const value: number[] = [];
  const category: string[] = [];
  for (let s = 0; s < nItems; s++) {
    const beta = 3 * rng.normal();
    const wrong = planted.has(s);
    for (let m = 0; m < nModels; m++) {
      const knows = rng.next() < 1 / (1 + Math.exp(-(2.5 * theta[m] - beta)));
      const right = knows || rng.next() < 0.25;
      // Written answers: "T" the truth, "D" the popular distractor, "O" another one; the key is "K" when wrong.
      const written = right ? "T" : wrong && rng.next() < pick ? "K" : rng.next() < 0.5 ? "D" : "O";
      const scored = wrong ? written === "K" : written === "T";
      model.push(m);
      value.push(scored ? 1 : 0);
      category.push(written);
    }
    offsets.push(model.length);
  }
  const o: Outcomes = { nSamples: nItems, nModels, offsets: Int32Array.from(offsets), model: Int32Array.from(model), value: Float64Array.from(value) };
  const bench = new Int32Array(nItems);
  const ability = benchmarkAbilities(o, bench, 1);
  // With outputs: per sample, A is its most written wrong answer ("T" on a wrong key, else "D").
  const cats = new Uint8Array(value.length);
  for (let s = 0; s < nItems; s++) {
    const a = planted.has(s) ? "T" : "D";
    for (let q = offsets[s]; q < offsets[s + 1]; q++) if (!value[q]) cats[q] = category[q] === a ? WROTE_A : WROTE_OTHER;
  }
  return { o, bench, ability, planted, cats };
}

function score(flagged: Uint8Array, planted: Set<number>) {
  let hit = 0;
  let n = 0;
  flagged.forEach((f, s) => {
    if (!f) return;
    n++;
    if (planted.has(s)) hit++;
  });
  return { recall: hit / planted.size, precision: n ? hit / n : 0 };
}

describe("wrongKeyPosterior", () => {
  it("recovers keys that every wrong model picked, with the share of wrong keys, from scores alone", () => {
    const { o, bench, ability, planted } = simulate(1);
    const r = wrongKeyPosterior(o, bench, 1, ability, noOutputs(o.nSamples));
    expect(r.share[0]).toBeGreaterThan(0.025);
    expect(r.share[0]).toBeLessThan(0.08);
    const { recall, precision } = score(r.flagged, planted);
    expect(recall).toBeGreaterThanOrEqual(0.8);
    expect(precision).toBeGreaterThanOrEqual(0.65);
    // The flagged samples are the most probable wrong keys; the posterior and the Bayes factor rank alike.
    const lowestFlagged = Math.min(...[...r.posterior].filter((_, s) => r.flagged[s]));
    expect(Math.max(...[...r.posterior].filter((_, s) => !r.flagged[s]))).toBeLessThanOrEqual(lowestFlagged);
    const order = [...r.posterior.keys()].sort((a, b) => r.posterior[b] - r.posterior[a]);
    for (let i = 1; i < order.length; i++) expect(r.logBayes[order[i]]).toBeLessThanOrEqual(r.logBayes[order[i - 1]] + 1e-9);
  });

  it("with outputs, the strong models' shared answer against the key adds evidence", () => {
    const { o, bench, ability, planted, cats } = simulate(0.2);
    const alone = wrongKeyPosterior(o, bench, 1, ability, noOutputs(o.nSamples));
    const withOutputs = wrongKeyPosterior(o, bench, 1, ability, { category: [cats], count: new Uint8Array(o.nSamples).fill(1), logWeight: [new Float64Array(o.nSamples)] });
    const both = score(withOutputs.flagged, planted);
    expect(both.recall).toBeGreaterThanOrEqual(0.9);
    // With outputs the set is EXPECTED_KEYS_FACTOR × the expected number of wrong keys above the floor; from scores alone, FALSE_DISCOVERY.
    expect(both.precision).toBeGreaterThanOrEqual(0.5);
    expect([...withOutputs.flagged]).toEqual([...selectByExpectedCount(withOutputs.posterior)]);
    expect([...alone.flagged]).toEqual([...selectByFalseDiscovery(alone.posterior, FALSE_DISCOVERY)]);
    expect(withOutputs.byExpectedCount.every((x) => x === 1)).toBe(true);
    expect(alone.byExpectedCount.every((x) => x === 0)).toBe(true);
    // Mean log Bayes factor of the planted keys (measured: 8.8 with outputs, 4.7 from scores alone).
    const mean = (lb: Float64Array) => [...planted].reduce((t, s) => t + lb[s], 0) / planted.size;
    expect(mean(withOutputs.logBayes)).toBeGreaterThan(mean(alone.logBayes) + 2);
  });

  it("with outputs, finds the true answer among the candidates even when a popular distractor outnumbers it", () => {
    // Eight options; a wrong key is a random distractor that the models missing the truth pick as
    // often as any other (1/7): on a hard question the few strong models that know the truth write
    // fewer answers than the popular distractor, so the most written wrong answer is not the truth.
    const { o, bench, ability, planted, outputs } = simulateWritten(3);
    const one = wrongKeyPosterior(o, bench, 1, ability, outputCategories(o, outputs, [], 1));
    const several = wrongKeyPosterior(o, bench, 1, ability, outputCategories(o, outputs, []));
    const fromOne = score(one.flagged, planted);
    const fromSeveral = score(several.flagged, planted);
    // Measured: recall 0.43 / precision 0.72 with one candidate (the most written), 0.73 / 0.71 with CANDIDATES.
    expect(fromSeveral.recall).toBeGreaterThanOrEqual(fromOne.recall + 0.2);
    expect(fromSeveral.precision).toBeGreaterThanOrEqual(0.5);
    // Keys that only the candidates beyond the most written answer reveal.
    const hard = [...planted].filter((s) => several.posterior[s] > 0.5 && one.posterior[s] <= 0.5);
    expect(hard.length).toBeGreaterThan(0);
  });

  it("flags (almost) nothing on a benchmark without wrong keys", () => {
    const { o, bench, ability } = simulate(1);
    const clean = simulateClean(o);
    const r = wrongKeyPosterior(clean, bench, 1, ability, noOutputs(clean.nSamples));
    expect(r.share[0]).toBeLessThan(0.01);
    expect([...r.flagged].filter(Boolean).length).toBeLessThanOrEqual(4);
  });

  it("leaves out samples with fewer than 8 models and the benchmarks not asked for", () => {
    const { o, bench, ability } = simulate(1);
    const only = new Uint8Array(o.nSamples);
    const r = wrongKeyPosterior(o, bench, 1, ability, noOutputs(o.nSamples), only);
    expect([...r.posterior].every(Number.isNaN)).toBe(true);
    expect(r.share[0]).toBeNaN();
    // Sample 0 keeps 7 of its 30 models: left out; the others are computed.
    const keep = (q: number) => q >= 7 && q < o.offsets[1];
    const rows = [...o.value.keys()].filter((q) => !keep(q));
    const few: Outcomes = { ...o, offsets: o.offsets.map((x, s) => (s === 0 ? 0 : x - (o.offsets[1] - 7))), model: Int32Array.from(rows, (q) => o.model[q]), value: Float64Array.from(rows, (q) => o.value[q]) };
    const p = wrongKeyPosterior(few, bench, 1, ability, noOutputs(few.nSamples)).posterior;
    expect(p[0]).toBeNaN();
    expect(p.slice(1).every(Number.isFinite)).toBe(true);
  });
});

/**
 * As simulate() on a harder benchmark (difficulties shifted up, like MMLU-Pro), 500 questions of
 * which 30 have a wrong key, with written answers over eight options: "T" the truth, "K" the planted key,
 * "D" the question's popular distractor (half of the wrong answers), "O1".."O5" the rest; on a
 * planted question a model missing the truth picks K with probability 1/7, like any other option.
 */
function simulateWritten(seed: number) {
  const rng = new Prng(seed);
  const nModels = 30;
  const nItems = 500;
  const theta = Array.from({ length: nModels }, (_, m) => -1.5 + (3 * m) / (nModels - 1));
  const planted = new Set<number>();
  while (planted.size < 30) planted.add(rng.int(nItems));
  const offsets = [0];
  const model: number[] = [];
  const value: number[] = [];
  const outputs: JudgedOutput[] = [];
  for (let s = 0; s < nItems; s++) {
    const beta = 3 * rng.normal() + 2.5;
    const wrong = planted.has(s);
    for (let m = 0; m < nModels; m++) {
      const knows = rng.next() < 1 / (1 + Math.exp(-(2.5 * theta[m] - beta)));
      const others = wrong ? ["K", "O1", "O2", "O3", "O4", "O5"] : ["O1", "O2", "O3", "O4", "O5"];
      const written = knows || rng.next() < 1 / 8 ? "T" : rng.next() < 0.5 ? "D" : others[rng.int(others.length)];
      const scored = written === (wrong ? "K" : "T") ? 1 : 0;
      model.push(m);
      value.push(scored);
      outputs.push({ sample: s, model: m, output: written, goodness: scored });
    }
    offsets.push(model.length);
  }
  const o: Outcomes = { nSamples: nItems, nModels, offsets: Int32Array.from(offsets), model: Int32Array.from(model), value: Float64Array.from(value) };
  const bench = new Int32Array(nItems);
  return { o, bench, ability: benchmarkAbilities(o, bench, 1), planted, outputs };
}

/** A healthy benchmark of the same size and abilities (no planted key). */
function simulateClean(like: Outcomes): Outcomes {
  const rng = new Prng(11);
  const value: number[] = [];
  for (let s = 0; s < like.nSamples; s++) {
    const beta = 3 * rng.normal();
    for (let q = like.offsets[s]; q < like.offsets[s + 1]; q++) {
      const theta = -1.5 + (3 * like.model[q]) / (like.nModels - 1);
      value.push(rng.next() < 1 / (1 + Math.exp(-(2.5 * theta - beta))) || rng.next() < 0.25 ? 1 : 0);
    }
  }
  return { ...like, value: Float64Array.from(value) };
}
