/**
 * Is a sample's answer key wrong? A two-hypothesis item-response mixture per benchmark, its
 * distributions estimated on the benchmark itself (empirical Bayes; EM, Dempster, Laird & Rubin 1977).
 * Model m knows the sample's answer with probability k_m = σ(κ·α_m − β) (α: ./item-fit.ts abilities
 * on the sample's benchmark; β the sample's difficulty, κ its slope); a model that does not know it guesses the
 * true answer with probability c, else picks one particular other answer A with probability d:
 *   key right (H0):  P(scored right) = k + (1 − k)·c,       P(wrote A) = (1 − k)(1 − c)·d,
 *   key wrong (H1):  P(scored right) = (1 − k)(1 − c)·d,    P(wrote A) = k + (1 − k)·c,
 *   both:            P(wrote another wrong answer) = (1 − k)(1 − c)(1 − d).
 * Under H1 the key is a distractor that a share d of the models missing the true answer pick, and
 * A is the true answer. Where outputs are stored, A is one of the sample's CANDIDATES most
 * written wrong answers (normalised, ./answer-match.ts; ./key-agreement.ts), each a priori equally
 * likely, and the likelihood is their mean, each candidate's term times the probability of how the
 * remaining wrong answers spread over the other answers (a Pólya urn with a uniform Dirichlet
 * prior, which makes the candidates comparable): the true answer behind a random wrong key is
 * written by the few models that know it, often fewer than a popular distractor. A model without
 * a stored output (or with scores only) shows only right or wrong. Fractional goodness g weighs the two: g·log P(right) +
 * (1 − g)·log P(its wrong category).
 * β, κ, c and d are not fitted per sample (one sample's outcomes cannot tell a hard item from a
 * wrong key): they are integrated over grids whose weights — the benchmark's distributions of
 * difficulty, slope × guessing, and attraction — are estimated by EM together with the share π of
 * wrong keys, on up to FIT_SAMPLES of the benchmark's samples (the abilities α come from all of
 * them). An item that every model fails is then as suspicious as such items are rare on the
 * benchmark, and who succeeds (the weak models, not the strong) is weighed at the item's likely
 * difficulties and slopes. Per sample: the posterior P(H1 | outcomes) and the log Bayes factor
 * log(L1 / L0) under the fitted weights.
 * Flagged, from scores alone: the largest set of most probable wrong keys whose expected share of
 * false discoveries, the mean of 1 − P(H1) over the set, is at most FALSE_DISCOVERY (./thresholds.ts;
 * Newton, Noueiry, Sarkar & Ahlquist 2004, Biostatistics 5:155). On a benchmark with a stored wrong
 * answer on at least half of its samples: the EXPECTED_KEYS_FACTOR × Σ P(H1) most probable (Σ P(H1)
 * is the fitted expected number of wrong keys) whose posterior is at least POSTERIOR_FLOOR. There
 * the set's mean posterior misleads: where the wrong keys stand out (posterior ≈ 1) it lets hundreds
 * of samples at 0.1–0.2 in, and where they do not, it stops short. Both thresholds are set per
 * benchmark by its own fitted distributions, not a fixed cut on the posterior. H0 and H1 have their own weights over d (under
 * H0, d is how attractive the most written wrong answer is; under H1, how often the models that
 * miss the true answer pick the wrong key); β and c weights are shared.
 */
import type { Outcomes } from "./outcomes";
import { EXPECTED_KEYS_FACTOR, FALSE_DISCOVERY, POSTERIOR_FLOOR } from "./thresholds";

/** Fewer models measured on a sample than this and it is left out. */
export const MIN_MODELS = 8;
/** Item slopes κ on the logit-of-accuracy ability scale, crossed with the guess rates c. */
export const KAPPAS = [1.5, 2.5, 4];
/** Guess rates: with 0.35 (and 0.2 for 0.25) the truth behind a uniformly random wrong key ranks higher (bench:health, with outputs, seeds 7–10: best recall at precision 0.5 0.78–0.82 → 0.82–0.84, with CANDIDATES 6). */
export const GUESS = [0.02, 0.1, 0.2, 0.35];
export const ATTRACTION = [0.1, 0.35, 0.7, 1];
/** Difficulty grid: N_BETA points from 6 below the weakest model's κ·α to 6 above the strongest's. */
export const N_BETA = 16;
const ITERATIONS = 25;
/** At most this many samples of a benchmark (evenly spaced) estimate its weights; every sample gets its posterior. */
export const FIT_SAMPLES = 4000;
/** Pseudo-counts spread over each grid, and PI_PRIOR pseudo-samples with a right key pulling π toward 0. */
const SMOOTH = 1;
const PI_PRIOR = 10;

/** Per outcome row, what a model scored wrong wrote: nothing stored, the sample's A, or another answer. */
export const NO_OUTPUT = 0;
export const WROTE_A = 1;
export const WROTE_OTHER = 2;

/** Per candidate answer A of each sample, what every outcome row wrote (./key-agreement.ts outputCategories). */
export interface OutputCandidates {
  /** category[j][q]: outcome row q against its sample's j-th candidate */
  category: Uint8Array[];
  /** per sample, how many candidates it has (0: no stored wrong answer; scores alone) */
  count: Uint8Array;
  /** logWeight[j][s]: log probability of the other wrong answers' spread against candidate j (weighs the candidates) */
  logWeight: Float64Array[];
}

/** Scores alone: no sample has a candidate. */
export const noOutputs = (nSamples: number): OutputCandidates => ({ category: [], count: new Uint8Array(nSamples), logWeight: [] });

export interface KeyPosterior {
  /** P(H1 | outcomes) per sample; NaN where not computed */
  posterior: Float64Array;
  /** log(L1 / L0) per sample under the fitted distributions; NaN where not computed */
  logBayes: Float64Array;
  /** 1 for the samples flagged (FALSE_DISCOVERY from scores alone; EXPECTED_KEYS_FACTOR with outputs) */
  flagged: Uint8Array;
  /** per sample, 1 where its benchmark's flagged set was chosen by the expected count (stored outputs), 0 by false discoveries */
  byExpectedCount: Uint8Array;
  /** per benchmark index, the estimated share of wrong keys (NaN: not fitted) */
  share: Float64Array;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const CATS = 3;
/** Item shapes: every (slope κ, guess rate c) pair, one weight each. */
const SHAPES: [number, number][] = KAPPAS.flatMap((kappa) => GUESS.map((c): [number, number] => [kappa, c]));
const G = N_BETA * SHAPES.length * ATTRACTION.length;

/** Per model and category, log P(right) and log P(that wrong category) on every grid cell, under H0 then H1. */
function cellTables(alpha: Float64Array, betas: Float64Array): Float64Array {
  // layout: ((model · (CATS + 1) + slot) · 2 + hyp) · G + cell; slot CATS holds "scored right".
  const out = new Float64Array(alpha.length * (CATS + 1) * 2 * G);
  const log = (p: number) => Math.log(Math.min(1 - 1e-9, Math.max(1e-9, p)));
  for (let m = 0; m < alpha.length; m++) {
    if (!Number.isFinite(alpha[m])) continue;
    for (let b = 0; b < N_BETA; b++) {
      for (let ci = 0; ci < SHAPES.length; ci++) {
        const [kappa, c] = SHAPES[ci];
        const k = sigmoid(kappa * alpha[m] - betas[b]);
        for (let di = 0; di < ATTRACTION.length; di++) {
          const d = ATTRACTION[di];
          const cell = (b * SHAPES.length + ci) * ATTRACTION.length + di;
          const truth = k + (1 - k) * c;
          const named = (1 - k) * (1 - c) * d;
          const other = (1 - k) * (1 - c) * (1 - d);
          const at = (slot: number, hyp: number) => ((m * (CATS + 1) + slot) * 2 + hyp) * G + cell;
          out[at(CATS, 0)] = log(truth);
          out[at(CATS, 1)] = log(named);
          out[at(NO_OUTPUT, 0)] = log(1 - truth);
          out[at(NO_OUTPUT, 1)] = log(1 - named);
          out[at(WROTE_A, 0)] = log(named);
          out[at(WROTE_A, 1)] = log(truth);
          out[at(WROTE_OTHER, 0)] = log(other);
          out[at(WROTE_OTHER, 1)] = log(other);
        }
      }
    }
  }
  return out;
}

/** The grid's weights and the share of wrong keys: what EM estimates per benchmark. */
interface Weights {
  pi: number;
  prior0: Float64Array;
  prior1: Float64Array;
}

/** The difficulty grid for these abilities: from 6 below the lowest κ·α to 6 above the highest. */
function difficultyGrid(alpha: Float64Array): Float64Array {
  let lo = Infinity;
  let hi = -Infinity;
  const steep = Math.max(...KAPPAS);
  for (const a of alpha) {
    if (!Number.isFinite(a)) continue;
    lo = Math.min(lo, steep * a);
    hi = Math.max(hi, steep * a);
  }
  return Float64Array.from({ length: N_BETA }, (_, i) => lo - 6 + ((hi - lo + 12) * i) / (N_BETA - 1));
}

/** Sample s's log-likelihood on every cell under H0 (first G) and H1 (next G) against `category`, added into `ll`. */
function addLogLikelihood(o: Outcomes, s: number, category: Uint8Array | null, alpha: Float64Array, table: Float64Array, ll: Float64Array, rows: "scored" | "written"): void {
  for (let q = o.offsets[s]; q < o.offsets[s + 1]; q++) {
    const m = o.model[q];
    if (!Number.isFinite(alpha[m])) continue;
    const cat = category ? category[q] : NO_OUTPUT;
    // Rows without a written wrong answer are the same against every candidate: counted once.
    if ((cat === NO_OUTPUT) !== (rows === "scored")) continue;
    const g = o.value[q];
    const right = (m * (CATS + 1) + CATS) * 2 * G;
    const wrong = (m * (CATS + 1) + cat) * 2 * G;
    if (g >= 1) for (let x = 0; x < 2 * G; x++) ll[x] += table[right + x];
    else if (g <= 0) for (let x = 0; x < 2 * G; x++) ll[x] += table[wrong + x];
    else for (let x = 0; x < 2 * G; x++) ll[x] += g * table[right + x] + (1 - g) * table[wrong + x];
  }
}

/**
 * Sample s's likelihood on every cell under H0 (first G) and H1 (next G), scaled by its largest
 * value, into `lik` at `at`: the mean over its candidate answers A (each equally likely a priori
 * to be the named answer), or from the scores alone without any. `ll` and `each` are scratch.
 */
function itemLikelihood(o: Outcomes, s: number, out: OutputCandidates, alpha: Float64Array, table: Float64Array, lik: Float32Array | Float64Array, at: number, ll: Float64Array, each: Float64Array): void {
  const n = out.count[s];
  ll.fill(0);
  addLogLikelihood(o, s, n > 0 ? out.category[0] : null, alpha, table, ll, "scored");
  if (n === 0) {
    scaled(ll, lik, at);
    return;
  }
  let max = -Infinity;
  for (let j = 0; j < n; j++) {
    const lj = each.subarray(j * 2 * G, (j + 1) * 2 * G);
    lj.set(ll);
    addLogLikelihood(o, s, out.category[j], alpha, table, lj, "written");
    for (let x = 0; x < 2 * G; x++) lj[x] += out.logWeight[j][s];
    for (let x = 0; x < 2 * G; x++) max = Math.max(max, lj[x]);
  }
  for (let x = 0; x < 2 * G; x++) {
    let t = 0;
    for (let j = 0; j < n; j++) t += Math.exp(each[j * 2 * G + x] - max);
    lik[at + x] = t / n;
  }
}

/** exp(ll − max ll) into `lik` at `at`. */
function scaled(ll: Float64Array, lik: Float32Array | Float64Array, at: number): void {
  let max = -Infinity;
  for (let x = 0; x < 2 * G; x++) max = Math.max(max, ll[x]);
  for (let x = 0; x < 2 * G; x++) lik[at + x] = Math.exp(ll[x] - max);
}

/** A sample's (scaled) likelihood under H0 and under H1, summed over the grid with the weights. */
function marginals(prior0: Float64Array, prior1: Float64Array, lik: Float32Array | Float64Array, at: number): [number, number] {
  let a0 = 0;
  let a1 = 0;
  for (let x = 0; x < G; x++) {
    a0 += prior0[x] * lik[at + x];
    a1 += prior1[x] * lik[at + G + x];
  }
  return [a0, a1];
}

const norm = (a: Float64Array) => {
  const t = a.reduce((x, y) => x + y, 0);
  return a.map((x) => x / t);
};

/**
 * EM for π and the grid weights on `fit` (samples of one benchmark): the likelihoods are computed
 * once (scaled per sample by their largest), then ITERATIONS rounds of expected counts.
 */
function estimateWeights(o: Outcomes, fit: Int32Array, out: OutputCandidates, alpha: Float64Array, table: Float64Array): Weights {
  const n = fit.length;
  const lik = new Float32Array(n * 2 * G);
  const ll = new Float64Array(2 * G);
  const each = new Float64Array(Math.max(1, out.category.length) * 2 * G);
  fit.forEach((s, i) => itemLikelihood(o, s, out, alpha, table, lik, i * 2 * G, ll, each));
  let pi = 0.05;
  let w = new Float64Array(N_BETA).fill(1 / N_BETA);
  let u = new Float64Array(SHAPES.length).fill(1 / SHAPES.length);
  let v0 = new Float64Array(ATTRACTION.length).fill(1 / ATTRACTION.length);
  let v1 = v0.slice();
  const prior0 = new Float64Array(G);
  const prior1 = new Float64Array(G);
  const setPriors = () => {
    for (let b = 0, x = 0; b < N_BETA; b++) {
      for (let ci = 0; ci < SHAPES.length; ci++) {
        for (let di = 0; di < ATTRACTION.length; di++, x++) {
          prior0[x] = w[b] * u[ci] * v0[di];
          prior1[x] = w[b] * u[ci] * v1[di];
        }
      }
    }
  };
  const cells0 = new Float64Array(G);
  const cells1 = new Float64Array(G);
  for (let it = 0; it < ITERATIONS; it++) {
    setPriors();
    // Expected counts per cell and hypothesis, summed over samples; the margins come after.
    cells0.fill(0);
    cells1.fill(0);
    let wrongKeys = 0;
    for (let i = 0; i < n; i++) {
      const base = i * 2 * G;
      const [a0, a1] = marginals(prior0, prior1, lik, base);
      const z = (1 - pi) * a0 + pi * a1;
      const c0 = (1 - pi) / z;
      const c1 = pi / z;
      wrongKeys += c1 * a1;
      for (let x = 0; x < G; x++) {
        cells0[x] += c0 * lik[base + x];
        cells1[x] += c1 * lik[base + G + x];
      }
    }
    const nw = new Float64Array(N_BETA).fill(SMOOTH / N_BETA);
    const nu = new Float64Array(SHAPES.length).fill(SMOOTH / SHAPES.length);
    const nv0 = new Float64Array(ATTRACTION.length).fill(SMOOTH / ATTRACTION.length);
    const nv1 = nv0.slice();
    for (let b = 0, x = 0; b < N_BETA; b++) {
      for (let ci = 0; ci < SHAPES.length; ci++) {
        for (let di = 0; di < ATTRACTION.length; di++, x++) {
          const r0 = prior0[x] * cells0[x];
          const r1 = prior1[x] * cells1[x];
          nw[b] += r0 + r1;
          nu[ci] += r0 + r1;
          nv0[di] += r0;
          nv1[di] += r1;
        }
      }
    }
    pi = wrongKeys / (n + PI_PRIOR);
    w = norm(nw);
    u = norm(nu);
    v0 = norm(nv0);
    v1 = norm(nv1);
  }
  setPriors();
  return { pi, prior0, prior1 };
}

/** FIT_SAMPLES of the samples, evenly spaced (all of them when there are fewer). */
function fitSubset(items: Int32Array): Int32Array {
  if (items.length <= FIT_SAMPLES) return items;
  return Int32Array.from({ length: FIT_SAMPLES }, (_, i) => items[Math.floor((i * items.length) / FIT_SAMPLES)]);
}

/** Per benchmark, the samples measured on at least MIN_MODELS models with an ability there. */
function itemsByBenchmark(o: Outcomes, bench: Int32Array, nBench: number, ability: Float64Array, only?: Uint8Array): Int32Array[] {
  const lists: number[][] = Array.from({ length: nBench }, () => []);
  for (let s = 0; s < o.nSamples; s++) {
    if (only && !only[s]) continue;
    let n = 0;
    for (let q = o.offsets[s]; q < o.offsets[s + 1]; q++) if (Number.isFinite(ability[bench[s] * o.nModels + o.model[q]])) n++;
    if (n >= MIN_MODELS) lists[bench[s]].push(s);
  }
  return lists.map((l) => Int32Array.from(l));
}

/** The largest set of highest posteriors whose mean of 1 − posterior is at most `fdr`. */
export function selectByFalseDiscovery(posterior: Float64Array, fdr = FALSE_DISCOVERY): Uint8Array {
  const order = Array.from(posterior.keys()).filter((i) => Number.isFinite(posterior[i]));
  order.sort((a, b) => posterior[b] - posterior[a] || a - b);
  let keep = 0;
  let lost = 0;
  order.forEach((i, r) => {
    lost += 1 - posterior[i];
    if (lost / (r + 1) <= fdr) keep = r + 1;
  });
  const out = new Uint8Array(posterior.length);
  for (let r = 0; r < keep; r++) out[order[r]] = 1;
  return out;
}

/**
 * The round(factor × Σ posterior) highest posteriors that are at least `floor`: as many flags as
 * `factor` times the expected number of wrong keys.
 */
export function selectByExpectedCount(posterior: Float64Array, factor = EXPECTED_KEYS_FACTOR, floor = POSTERIOR_FLOOR): Uint8Array {
  const order = Array.from(posterior.keys()).filter((i) => Number.isFinite(posterior[i]));
  const expected = order.reduce((t, i) => t + posterior[i], 0);
  order.sort((a, b) => posterior[b] - posterior[a] || a - b);
  const out = new Uint8Array(posterior.length);
  const keep = Math.min(order.length, Math.round(factor * expected));
  for (let r = 0; r < keep && posterior[order[r]] >= floor; r++) out[order[r]] = 1;
  return out;
}

/**
 * The posterior of a wrong key per sample, fitted per benchmark; `out` says per outcome row what
 * it wrote against each candidate A (./key-agreement.ts outputCategories; noOutputs() for scores
 * alone); with `only`, the
 * benchmarks of the marked samples alone.
 */
export function wrongKeyPosterior(o: Outcomes, bench: Int32Array, nBench: number, ability: Float64Array, out: OutputCandidates, only?: Uint8Array): KeyPosterior {
  const posterior = new Float64Array(o.nSamples).fill(NaN);
  const logBayes = new Float64Array(o.nSamples).fill(NaN);
  const flagged = new Uint8Array(o.nSamples);
  const share = new Float64Array(nBench).fill(NaN);
  const byExpectedCount = new Uint8Array(o.nSamples);
  itemsByBenchmark(o, bench, nBench, ability, only).forEach((items, b) => {
    if (items.length === 0) return;
    const alpha = ability.subarray(b * o.nModels, (b + 1) * o.nModels);
    const table = cellTables(alpha, difficultyGrid(alpha));
    const { pi, prior0, prior1 } = estimateWeights(o, fitSubset(items), out, alpha, table);
    const ll = new Float64Array(2 * G);
    const lik = new Float64Array(2 * G);
    const each = new Float64Array(Math.max(1, out.category.length) * 2 * G);
    const post = new Float64Array(items.length);
    items.forEach((s, i) => {
      itemLikelihood(o, s, out, alpha, table, lik, 0, ll, each);
      const [a0, a1] = marginals(prior0, prior1, lik, 0);
      post[i] = (pi * a1) / ((1 - pi) * a0 + pi * a1);
      posterior[s] = post[i];
      // Both sums share one scale; a sum that underflows is held at the smallest double.
      logBayes[s] = Math.log(Math.max(a1, Number.MIN_VALUE)) - Math.log(Math.max(a0, Number.MIN_VALUE));
    });
    // Where stored outputs give candidates (a wrong answer written on at least half of the benchmark's samples): by the expected count (./thresholds.ts).
    const withOutputs = items.reduce((t, s) => t + (out.count[s] > 0 ? 1 : 0), 0) >= items.length / 2;
    const chosen = withOutputs ? selectByExpectedCount(post) : selectByFalseDiscovery(post, FALSE_DISCOVERY);
    items.forEach((s, i) => {
      flagged[s] = chosen[i];
      byExpectedCount[s] = withOutputs ? 1 : 0;
    });
    share[b] = pi;
  });
  return { posterior, logBayes, flagged, byExpectedCount, share };
}
