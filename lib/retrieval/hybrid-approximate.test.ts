// retrieveConcept on approximate similarities (approximate.ts: each value within δ of its exact
// one, made exact on demand) against retrieveConcept on the exact values: every cut gives the same
// rows in the same order, the same report and the same histogram, and the rows the answer reports
// are exact. The pools are built to put many rows within δ of the median, of the MAD, of the cut,
// of the histogram's edges and of each other (values on a coarse grid, δ as large as a grid step),
// so that a row left approximate on the wrong side of any comparison would change the answer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { approximation, markApproximate, refineBest } from "./approximate";
import { retrieveConcept, type ConceptScores, type Cut } from "./hybrid";

interface Pool {
  exact: Float32Array;
  noise: Float32Array;
  lexical: Float32Array;
  labelled: Uint8Array;
  candidate: Uint8Array;
  delta: number;
}

/** The approximate array of a pool: exact + noise (|noise| ≤ δ), refined row by row from `exact`; `asked` counts the rows refined. */
function approximate(p: Pool, asked: { rows: number; all: boolean }): Float32Array {
  const values = Float32Array.from(p.exact, (x, i) => (Number.isFinite(x) ? Math.fround(x + p.noise[i]) : x));
  // The noise of a float32 sum stays within δ: clamp what rounding pushed past it.
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) continue;
    if (values[i] > p.exact[i] + p.delta) values[i] = p.exact[i];
    if (values[i] < p.exact[i] - p.delta) values[i] = p.exact[i];
  }
  return markApproximate(values, {
    slack: p.delta,
    refine(rows, n) {
      for (let i = 0; i < n; i++) values[rows[i]] = p.exact[rows[i]];
      asked.rows += n;
    },
    refineAll() {
      values.set(p.exact);
      asked.all = true;
    },
  });
}

const pool = fc
  .record({
    n: fc.integer({ min: 0, max: 400 }),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
    grid: fc.constantFrom(1e-3, 1e-2, 0.05),
    spread: fc.constantFrom(3, 20, 200),
    labelledShare: fc.constantFrom(0, 0.02, 0.3),
    lexicalShare: fc.constantFrom(0, 0.1, 0.5),
    candidateShare: fc.constantFrom(1, 0.9, 0.5),
    nanShare: fc.constantFrom(0, 0.05),
    deltaSteps: fc.constantFrom(0.5, 1, 3),
    continuous: fc.boolean(),
  })
  .map((o): Pool => {
    let x = o.seed;
    const rand = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const exact = new Float32Array(o.n);
    const noise = new Float32Array(o.n);
    const lexical = new Float32Array(o.n);
    const labelled = new Uint8Array(o.n);
    const candidate = new Uint8Array(o.n);
    const delta = o.grid * o.deltaSteps;
    for (let i = 0; i < o.n; i++) {
      // A bulk on a coarse grid (many equal and near values) and a few high ones; or values spread
      // over [0, 1) (many rows within δ of wherever the cut falls).
      const high = rand() < 0.05;
      exact[i] = rand() < o.nanShare ? NaN : o.continuous ? Math.fround(rand()) : Math.fround(Math.round((high ? 0.5 + rand() * 0.4 : rand() * 0.2) * o.spread) * o.grid);
      noise[i] = (rand() * 2 - 1) * delta;
      lexical[i] = rand() < o.lexicalShare ? Math.fround(1 + Math.floor(rand() * 5)) : 0;
      labelled[i] = rand() < o.labelledShare ? 1 : 0;
      candidate[i] = rand() < o.candidateShare ? 1 : 0;
    }
    return { exact, noise, lexical, labelled, candidate, delta };
  });

const cuts: Cut[] = [{}, { z: 0.5 }, { z: 2 }, { z: 6 }, { k: 10 }, { threshold: 0.1 }, { k: 5, threshold: 0.05 }];

describe("retrieveConcept on approximate similarities", () => {
  it("gives the exact values' rows, order, report and histogram under every cut, and leaves the rows kept on their similarity exact", () => {
    let refinedSome = 0;
    fc.assert(
      fc.property(pool, fc.constantFrom(...cuts), (p, cut) => {
        const scores = (dense: Float32Array): ConceptScores => ({ dense, lexical: p.lexical, labelled: p.labelled, candidate: p.candidate });
        const want = retrieveConcept(scores(p.exact), cut);
        const asked = { rows: 0, all: false };
        const dense = approximate(p, asked);
        const got = retrieveConcept(scores(dense), cut);
        expect(got).toEqual(want);
        // The rows ranked by similarity are exact (the others' values the answer does not read;
        // query-search.ts makes every hit exact before reporting it).
        const cutAt = got.report.cut.similarity;
        if (got.report.mode === "adaptive" && cutAt !== null) for (const r of got.rows) if (p.exact[r] >= cutAt) expect(Object.is(dense[r], p.exact[r])).toBe(true);
        if (asked.rows > 0 && !asked.all) refinedSome++;
        // The adaptive cut refines rows, not the whole pool, when the pool is large enough to tell.
        if (cut.k === undefined && cut.threshold === undefined) expect(asked.all).toBe(false);
      }),
      { numRuns: 400, seed: 20261128 },
    );
    expect(refinedSome).toBeGreaterThan(50);
  });

  it("adaptive cuts over values spread out (many rows within δ of the cut, few of the histogram's edges): the exact answer", () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 3000 }), fc.integer({ min: 1, max: 2 ** 30 }), fc.constantFrom(1e-4, 3e-4, 1e-3), fc.constantFrom(undefined, 0.3, 1, 2), fc.boolean(), (n, seed, delta, z, someLabelled) => {
        let x = seed;
        const rand = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
        const p: Pool = {
          exact: Float32Array.from({ length: n }, () => Math.fround(rand())),
          noise: Float32Array.from({ length: n }, () => (rand() < 0.5 ? -1 : 1) * delta * (0.5 + rand() / 2)),
          lexical: Float32Array.from({ length: n }, () => (rand() < 0.1 ? 1 + Math.floor(rand() * 3) : 0)),
          labelled: Uint8Array.from({ length: n }, () => (someLabelled && rand() < 0.01 ? 1 : 0)),
          candidate: new Uint8Array(n).fill(1),
          delta,
        };
        const scores = (dense: Float32Array): ConceptScores => ({ dense, lexical: p.lexical, labelled: p.labelled, candidate: p.candidate });
        const asked = { rows: 0, all: false };
        expect(retrieveConcept(scores(approximate(p, asked)), { z })).toEqual(retrieveConcept(scores(p.exact), { z }));
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it("leaves most rows approximate when few are near what the cut compares (a wide bulk, a small δ)", () => {
    const n = 20000;
    let x = 3;
    const rand = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const exact = Float32Array.from({ length: n }, () => Math.fround(rand() < 0.01 ? 0.6 + rand() * 0.3 : 0.1 + (rand() + rand() + rand()) * 0.02));
    const p: Pool = { exact, noise: Float32Array.from({ length: n }, () => (rand() * 2 - 1) * 1e-5), lexical: new Float32Array(n), labelled: new Uint8Array(n), candidate: new Uint8Array(n).fill(1), delta: 1e-5 };
    const asked = { rows: 0, all: false };
    const dense = approximate(p, asked);
    const scores = (d: Float32Array): ConceptScores => ({ dense: d, lexical: p.lexical, labelled: p.labelled, candidate: p.candidate });
    expect(retrieveConcept(scores(dense), {})).toEqual(retrieveConcept(scores(exact), {}));
    expect(asked.all).toBe(false);
    expect(asked.rows).toBeLessThan(n / 10);
    expect(asked.rows).toBeGreaterThan(n / 100); // the kept rows (~1%) at least
  });

  it("refineBest: the best n of the mixed array are the exact best n (ties by row)", () => {
    fc.assert(
      fc.property(pool, fc.integer({ min: 1, max: 60 }), (p, n) => {
        const best = (v: Float32Array) =>
          Array.from(v.keys())
            .filter((r) => p.candidate[r] && Number.isFinite(v[r]))
            .sort((a, b) => v[b] - v[a] || a - b)
            .slice(0, n);
        const dense = approximate(p, { rows: 0, all: false });
        refineBest(dense, p.candidate, n);
        const got = best(dense);
        expect(got).toEqual(best(p.exact));
        for (const r of got) expect(Object.is(dense[r], p.exact[r])).toBe(true);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it("an array not marked is exact: nothing to refine", () => {
    expect(approximation(new Float32Array(3))).toBeUndefined();
    expect(approximation(markApproximate(new Float32Array(3), { slack: 1, refine() {}, refineAll() {} }))?.slack).toBe(1);
  });
});
