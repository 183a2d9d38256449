// A supervised reference for bench:health's wrong-key scenarios: how well can the planted keys be
// told apart from the scores alone by a classifier that is *given* the planted labels? A logistic
// regression (per sample: its outcome on every model, ordered by the models' accuracy, those
// outcomes times the sample's number of right answers, that number and its square, and its
// category with the category times the number right), trained on one half of the samples and
// scored on the other, both ways (2-fold cross-validation). It knows what the detector cannot (the
// labels, the planting process); its recall at precision 0.5 estimates how far scores alone can go,
// not a proof of a bound.
import type { HealthInput } from "../../lib/health/report";

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

function features(h: HealthInput): { x: Float64Array[]; dim: number } {
  const { score, nSamples, nModels } = h.batch;
  const tags = h.batch.sampleTags;
  const value = new Float64Array(nSamples * nModels).fill(0.5);
  const right = new Float64Array(nModels);
  const seen = new Float64Array(nModels);
  for (let r = 0; r < score.value.length; r++) {
    value[score.sample[r] * nModels + score.model[r]] = score.value[r];
    right[score.model[r]] += score.value[r];
    seen[score.model[r]]++;
  }
  const order = Array.from({ length: nModels }, (_, m) => m).sort((a, b) => right[b] / Math.max(1, seen[b]) - right[a] / Math.max(1, seen[a]));
  const categories = [...new Set(Array.from({ length: nSamples }, (_, s) => tags?.[s]?.[0] ?? ""))];
  const dim = 2 * nModels + 3 + 2 * categories.length;
  const x = Array.from({ length: nSamples }, (_, s) => {
    const f = new Float64Array(dim);
    let n = 0;
    order.forEach((m) => (n += value[s * nModels + m]));
    const share = n / nModels;
    order.forEach((m, i) => {
      f[i] = value[s * nModels + m] - 0.5;
      f[nModels + i] = (value[s * nModels + m] - 0.5) * share;
    });
    f[2 * nModels] = share;
    f[2 * nModels + 1] = share * share;
    f[2 * nModels + 2] = 1;
    const c = categories.indexOf(tags?.[s]?.[0] ?? "");
    f[2 * nModels + 3 + c] = 1;
    f[2 * nModels + 3 + categories.length + c] = share;
    return f;
  });
  return { x, dim };
}

function train(x: Float64Array[], y: Uint8Array, rows: number[], dim: number): Float64Array {
  const w = new Float64Array(dim);
  const m = new Float64Array(dim);
  const v = new Float64Array(dim);
  const grad = new Float64Array(dim);
  for (let it = 1; it <= 400; it++) {
    grad.fill(0);
    for (const s of rows) {
      let z = 0;
      for (let k = 0; k < dim; k++) z += w[k] * x[s][k];
      const e = sigmoid(z) - y[s];
      for (let k = 0; k < dim; k++) grad[k] += (e * x[s][k]) / rows.length;
    }
    // Adam, with a little L2.
    for (let k = 0; k < dim; k++) {
      const g = grad[k] + 1e-4 * w[k];
      m[k] = 0.9 * m[k] + 0.1 * g;
      v[k] = 0.999 * v[k] + 0.001 * g * g;
      w[k] -= (0.05 * (m[k] / (1 - 0.9 ** it))) / (Math.sqrt(v[k] / (1 - 0.999 ** it)) + 1e-8);
    }
  }
  return w;
}

/** The cross-validated classifier's best recall at precision ≥ 0.5 (ranking its held-out scores). */
export function oracleRecallAtHalfPrecision(h: HealthInput, planted: ReadonlySet<number>): number {
  const { x, dim } = features(h);
  const y = Uint8Array.from(x, (_, s) => (planted.has(s) ? 1 : 0));
  const folds = [0, 1].map((f) => x.map((_, s) => s).filter((s) => s % 2 === f));
  const scoreOf = new Float64Array(x.length);
  for (let f = 0; f < 2; f++) {
    const w = train(x, y, folds[1 - f], dim);
    for (const s of folds[f]) scoreOf[s] = x[s].reduce((t, xi, k) => t + xi * w[k], 0);
  }
  const ranked = x.map((_, s) => s).sort((a, b) => scoreOf[b] - scoreOf[a]);
  let hit = 0;
  let best = 0;
  ranked.forEach((s, i) => {
    hit += y[s];
    if (hit / (i + 1) >= 0.5) best = Math.max(best, hit / planted.size);
  });
  return best;
}
