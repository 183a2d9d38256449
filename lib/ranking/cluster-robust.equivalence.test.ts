/**
 * clusterRobustVariance against its previous version (kept verbatim below: the full c · A M A
 * sandwich, a sorted index list for every sample, fresh scorer arrays; renamed previous*): the
 * same variances, bit for bit, for Plackett-Luce and Bradley-Terry, MLE and MAP, dense and
 * sparse samples (both Gram paths), ties, pairwise lines, rankings and a random baseline, with
 * the shared scorer scratch reused across batches of different sizes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MeasurementBatchBuilder } from './batch-builder';
import { breakIntoPairs } from './bradley-terry';
import { buildChoices, type ChoiceEvents } from './choices';
import { clusterRobustVariance, type ChoiceModelKind, type ClusterRobust } from './cluster-robust';
import { GramAccumulator } from './gram';
import { contrastVariances, fitPlackettLuce, type PLFit } from './plackett-luce';
import { Prng } from './prng';
import { btSampleScores, plSampleScores } from './sample-scores';

interface Shape {
  seed: number;
  models: number;
  samples: number;
  perSample: number;
  levels: number;
  pairwise: number;
  rankings: number;
}

function choicesOf(x: Shape): ChoiceEvents {
  const rng = new Prng(x.seed);
  const b = new MeasurementBatchBuilder();
  for (let m = 0; m < x.models; m++) b.model(`m${m}`);
  for (let s = 0; s < x.samples; s++) {
    const sample = b.sample(`s${s}`);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(x.perSample, x.models)) chosen.add(rng.int(x.models));
    for (const m of chosen) b.addScore(sample, m, 'acc', Math.floor(rng.next() * x.levels) + 0.1 * (m % 3));
    for (let p = 0; p < x.pairwise; p++) {
      const u = rng.next();
      b.addPairwise(sample, rng.int(x.models), rng.int(x.models), u < 0.1 ? 'tie' : u < 0.6 ? 'a' : 'b', rng.next() < 0.3 ? rng.next() : undefined);
    }
    for (let r = 0; r < x.rankings; r++) {
      const tiers: number[][] = [];
      for (const m of new Set(Array.from({ length: 4 }, () => rng.int(x.models)))) (tiers.length > 0 && rng.next() < 0.25 ? tiers[tiers.length - 1] : (tiers[tiers.length] = [])).push(m);
      b.addRanking(sample, tiers);
    }
  }
  return buildChoices(b.build());
}

const bits = (r: ClusterRobust) => ({ clusters: r.clusters, variance: Array.from(new Uint32Array(Float64Array.from(r.variance).buffer)) });

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1e6 }),
  models: fc.integer({ min: 2, max: 40 }),
  samples: fc.integer({ min: 1, max: 400 }),
  perSample: fc.integer({ min: 2, max: 40 }),
  levels: fc.integer({ min: 2, max: 5 }),
  pairwise: fc.integer({ min: 0, max: 3 }),
  rankings: fc.integer({ min: 0, max: 2 }),
});

describe('clusterRobustVariance, against its previous version', () => {
  it('gives the same variances, bit for bit, on random choice events', () => {
    fc.assert(
      fc.property(shape, fc.nat(), fc.constantFrom(0, 0.1), fc.constantFrom<ChoiceModelKind>('plackett-luce', 'bradley-terry'), (x, pick, prior, kind) => {
        const c = choicesOf(x);
        const baseline = pick % x.models;
        let f: PLFit;
        try {
          f = fitPlackettLuce(kind === 'bradley-terry' ? breakIntoPairs(c).choices : c, { baseline, prior, variance: true });
        } catch {
          return; // not estimable (e.g. no events): nothing to compare
        }
        if (!f.covariance) return;
        expect(bits(clusterRobustVariance(c, f, kind, baseline))).toEqual(bits(previousClusterRobustVariance(c, f, kind, baseline)));
      }),
      { numRuns: 150, seed: 20261126 },
    );
  });
});

// ---- The previous version, verbatim (exports dropped) ----

function previousClusterRobustVariance(c: ChoiceEvents, fit: PLFit, kind: ChoiceModelKind, baseline: number): ClusterRobust {
  const n = c.nModels;
  const cov = fit.covariance;
  if (!cov) throw new Error('clusterRobustVariance: the fit has no covariance (fit with variance on)');
  const { meat, clusters } = previousClusterMeat(c, fit.theta, fit.free, kind);
  const nf = fit.free.length;
  const v = sandwich(cov, meat, nf, clusters > 1 ? clusters / (clusters - 1) : NaN);
  return { variance: contrastVariances(v, fit.free, baseline, n), clusters };
}

/** c · A M A for symmetric nf x nf A and M. */
function sandwich(a: Float64Array, m: Float64Array, nf: number, c: number): Float64Array {
  const am = new Float64Array(nf * nf);
  for (let i = 0; i < nf; i++) {
    for (let k = 0; k < nf; k++) {
      const x = a[i * nf + k];
      if (x === 0) continue;
      for (let j = 0; j < nf; j++) am[i * nf + j] += x * m[k * nf + j];
    }
  }
  const v = new Float64Array(nf * nf);
  for (let i = 0; i < nf; i++) {
    for (let k = 0; k < nf; k++) {
      const x = am[i * nf + k];
      for (let j = 0; j < nf; j++) v[i * nf + j] += x * a[k * nf + j];
    }
  }
  for (let i = 0; i < v.length; i++) v[i] *= c;
  return v;
}

/** B = Σ_s (g_s − ḡ)(g_s − ḡ)ᵀ over the free parameters, and S. */
function previousClusterMeat(c: ChoiceEvents, theta: Float64Array, free: Int32Array, kind: ChoiceModelKind): { meat: Float64Array; clusters: number } {
  const n = c.nModels;
  const nf = free.length;
  const freeIndex = new Int32Array(n).fill(-1);
  free.forEach((m, a) => (freeIndex[m] = a));
  // γ relative to the largest fitted θ; inactive models (θ NaN) get γ = 0 as in the fit.
  let shift = -Infinity;
  for (let m = 0; m < n; m++) if (theta[m] > shift) shift = theta[m];
  const gamma = new Float64Array(n);
  for (let m = 0; m < n; m++) gamma[m] = Number.isFinite(theta[m]) ? Math.exp(theta[m] - shift) : 0;

  const scores = kind === 'plackett-luce' ? plSampleScores(c, gamma) : btSampleScores(c, gamma);
  const gram = new GramAccumulator(nf);
  const sum = new Float64Array(nf);
  const g = new Float64Array(n);
  const gf = new Float64Array(nf);
  const nz = new Int32Array(nf);
  const touched = new Int32Array(n);
  let clusters = 0;
  for (let s = 0; s < c.nSamples; s++) {
    const written = scores(s, g, touched);
    if (!written) continue;
    clusters++;
    // The models the sample's score wrote, as free parameters, ascending (the Gram's upper triangle).
    let k = 0;
    for (let t = 0; t < written; t++) {
      const m = touched[t];
      const v = g[m];
      g[m] = 0;
      const a = freeIndex[m];
      if (v === 0 || a < 0) continue;
      gf[a] = v;
      let p = k++;
      while (p > 0 && nz[p - 1] > a) {
        nz[p] = nz[p - 1];
        p--;
      }
      nz[p] = a;
    }
    for (let p = 0; p < k; p++) sum[nz[p]] += gf[nz[p]];
    gram.add(gf, nz, k);
    for (let p = 0; p < k; p++) gf[nz[p]] = 0;
  }
  const meat = gram.result();
  if (clusters > 0) for (let i = 0; i < nf; i++) for (let j = 0; j < nf; j++) meat[i * nf + j] -= (sum[i] * sum[j]) / clusters;
  return { meat, clusters };
}
