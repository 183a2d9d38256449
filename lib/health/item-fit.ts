/**
 * Is a sample's reference answer reversed? A likelihood ratio between a Rasch item and its
 * mirror image (Rasch 1960; Lord 1980, ch. 2 and 4), with each model's ability on the sample's
 * own benchmark:
 *   α_{b,m} = logit((S_{b,m} + w·p̄_b) / (N_{b,m} + w)),
 *     S, N the sum and count of model m's goodness g ∈ [0, 1] on benchmark b (./outcomes.ts),
 *     p̄_b the benchmark's mean over every model, w = SHRINK (a model measured on few of its samples
 *     leans on the benchmark's average model; only the benchmark's own outcomes enter, so an
 *     upload elsewhere cannot change its flags, ./incremental.ts);
 *   healthy item:  P(g = 1) = σ(κ·α_m − β),     wrong key:  P(g = 1) = σ(−κ·α_m − β),
 *   Λ_s = max_β ℓ_wrong(β) − max_β ℓ_healthy(β)   (Bernoulli log-likelihood, fractional g allowed).
 * Both hypotheses have one free parameter (the difficulty β, by Newton's method), so Λ needs no
 * penalty: Λ > 0 means strong models failing while weak ones succeed explains the outcomes better.
 * Against the item–strength correlation (./discrimination.ts) it weighs each model by how
 * surprising its outcome is at the item's difficulty, which matters on hard and easy items.
 * The sample itself counts in α: one of hundreds of samples moves it by well under its noise.
 */
import type { Outcomes } from "./outcomes";

/** Fewer models measured on a sample than this and Λ is not computed. */
export const MIN_MODELS = 8;
/** Pseudo-samples of the pool's mean pulling a model's ability on a benchmark (w). */
export const SHRINK = 20;
/** Slope κ on the logit-of-accuracy scale: that scale is compressed by the spread of difficulty. */
export const SLOPE = 1.5;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** α per (benchmark, model), index bench·nModels + model; NaN where the model has no outcome on it. */
export function benchmarkAbilities(o: Outcomes, bench: Int32Array, nBench: number): Float64Array {
  const sum = new Float64Array(nBench * o.nModels);
  const count = new Float64Array(nBench * o.nModels);
  const total = new Float64Array(nBench);
  const totalCount = new Float64Array(nBench);
  for (let s = 0; s < o.nSamples; s++) {
    for (let q = o.offsets[s]; q < o.offsets[s + 1]; q++) {
      sum[bench[s] * o.nModels + o.model[q]] += o.value[q];
      count[bench[s] * o.nModels + o.model[q]]++;
      total[bench[s]] += o.value[q];
      totalCount[bench[s]]++;
    }
  }
  return sum.map((x, i) => {
    const b = Math.floor(i / o.nModels);
    if (count[i] === 0) return NaN;
    // The benchmark mean itself is pulled off 0 and 1 by half a success and half a failure.
    const mean = (total[b] + 0.5) / (totalCount[b] + 1);
    const p = (x + SHRINK * mean) / (count[i] + SHRINK);
    return Math.log(p / (1 - p));
  });
}

/** max over β of Σ g log σ(x − β) + (1 − g) log(1 − σ(x − β)) for x = sign·κ·α. */
function profileLogLikelihood(x: Float64Array, g: Float64Array, n: number): number {
  let beta = 0;
  for (let it = 0; it < 50; it++) {
    // dℓ/dβ = −Σ(g − p), d²ℓ/dβ² = −Σ p(1 − p): Newton step β ← β − Σ(g − p) / Σ p(1 − p).
    let grad = 0;
    let info = 0;
    for (let i = 0; i < n; i++) {
      const p = sigmoid(x[i] - beta);
      grad += g[i] - p;
      info += p * (1 - p);
    }
    const step = Math.max(-3, Math.min(3, -grad / (info + 1e-12)));
    beta += step;
    if (Math.abs(step) < 1e-9) break;
  }
  let ll = 0;
  for (let i = 0; i < n; i++) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(x[i] - beta)));
    ll += g[i] * Math.log(p) + (1 - g[i]) * Math.log(1 - p);
  }
  return ll;
}

/**
 * Λ per sample (NaN below MIN_MODELS or when every model ties: a tie says nothing about the key);
 * with `only`, for the marked samples alone (the rest stay NaN).
 */
export function reversedKeyRatio(o: Outcomes, bench: Int32Array, ability: Float64Array, only?: Uint8Array): Float64Array {
  const out = new Float64Array(o.nSamples).fill(NaN);
  const up = new Float64Array(o.nModels);
  const down = new Float64Array(o.nModels);
  const g = new Float64Array(o.nModels);
  for (let s = 0; s < o.nSamples; s++) {
    if (only && !only[s]) continue;
    let n = 0;
    for (let q = o.offsets[s]; q < o.offsets[s + 1]; q++) {
      const a = ability[bench[s] * o.nModels + o.model[q]];
      if (!Number.isFinite(a)) continue;
      up[n] = SLOPE * a;
      down[n] = -SLOPE * a;
      g[n++] = o.value[q];
    }
    if (n < MIN_MODELS) continue;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) {
      lo = Math.min(lo, g[i]);
      hi = Math.max(hi, g[i]);
    }
    if (hi - lo < 1e-12) continue;
    out[s] = profileLogLikelihood(down, g, n) - profileLogLikelihood(up, g, n);
  }
  return out;
}
