// Dense kernels for randomized SVD over tall row-major matrices (n rows ≫ l columns): the
// products Y·M and XᵀY, and orthonormalisation by Cholesky QR (Y = Q·R with RᵀR = YᵀY,
// Q = Y·R⁻¹; Fukaya et al. 2014, "CholeskyQR2"). Cholesky QR's loss of orthogonality is about
// ε·cond(Y)²; re-orthonormalising after every product with A·Aᵀ keeps cond(Y) near (σ₁/σ_l)²,
// a few hundred for tf-idf matrices, so one pass is enough here.
//
// The loops are in row-kernels.ts; here output rows go in pairs so each call can use the pair form.
import { accumulateRowPair, accumulateRows } from "./row-kernels";

const identity = (n: number) => Int32Array.from({ length: n }, (_, i) => i);

/** Y·M with Y n×l and M l×m, both row-major; result n×m. */
export function multiply(y: Float64Array, n: number, l: number, m: Float64Array, mCols: number): Float64Array {
  const out = new Float64Array(n * mCols);
  const rows = identity(l);
  let r = 0;
  for (; r + 2 <= n; r += 2) {
    accumulateRowPair(out, r * mCols, (r + 1) * mCols, mCols, m, mCols, 0, y, r * l, (r + 1) * l, rows, 0, l);
  }
  if (r < n) accumulateRows(out, r * mCols, mCols, m, mCols, 0, y, r * l, rows, 0, l);
  return out;
}

/**
 * Upper triangle (j ≥ i) of XᵀY, X and Y n×l row-major, mirrored into a full l×l matrix; only
 * meaningful when XᵀY is symmetric (X = Y for a Gram matrix, or Qᵀ·A·Aᵀ·Q). Rows of X and Y go
 * in blocks of eight, rows i and i+1 of the result together (the pair also fills the one entry
 * (i+1, i) below the diagonal, which the mirroring overwrites with the same value).
 */
export function symmetricCross(x: Float64Array, y: Float64Array, n: number, l: number): Float64Array {
  const g = new Float64Array(l * l);
  const coefs = new Float64Array(16);
  const rows = new Int32Array(8);
  for (let r0 = 0; r0 < n; r0 += 8) {
    const count = Math.min(8, n - r0);
    for (let t = 0; t < count; t++) rows[t] = r0 + t;
    let i = 0;
    for (; i + 2 <= l; i += 2) {
      for (let t = 0; t < count; t++) {
        coefs[t] = x[(r0 + t) * l + i];
        coefs[8 + t] = x[(r0 + t) * l + i + 1];
      }
      accumulateRowPair(g, i * l + i, (i + 1) * l + i, l - i, y, l, i, coefs, 0, 8, rows, 0, count);
    }
    if (i < l) {
      for (let t = 0; t < count; t++) coefs[t] = x[(r0 + t) * l + i];
      accumulateRows(g, i * l + i, l - i, y, l, i, coefs, 0, rows, 0, count);
    }
  }
  for (let i = 0; i < l; i++) for (let j = 0; j < i; j++) g[i * l + j] = g[j * l + i];
  return g;
}

/**
 * Upper-triangular R⁻¹ from G = RᵀR (Cholesky–Banachiewicz, then back substitution). A pivot below
 * `tolerance`·max diag(G) marks a column that depends on earlier ones (rank below l, e.g. a tiny
 * corpus); its row and column of R⁻¹ are zeroed so the matching column of Q comes out 0.
 */
function choleskyInverse(g: Float64Array, l: number, tolerance: number): Float64Array {
  const r = new Float64Array(l * l);
  let maxDiag = 0;
  for (let i = 0; i < l; i++) maxDiag = Math.max(maxDiag, g[i * l + i]);
  const floor = tolerance * maxDiag;
  const dead = new Uint8Array(l);
  for (let j = 0; j < l; j++) {
    let d = g[j * l + j];
    for (let k = 0; k < j; k++) d -= r[k * l + j] * r[k * l + j];
    if (!(d > floor)) {
      dead[j] = 1;
      continue;
    }
    const rjj = Math.sqrt(d);
    r[j * l + j] = rjj;
    for (let i = j + 1; i < l; i++) {
      let s = g[j * l + i];
      for (let k = 0; k < j; k++) s -= r[k * l + j] * r[k * l + i];
      r[j * l + i] = s / rjj;
    }
  }
  // Solve R·X = I column by column from the bottom; dead rows/columns stay 0.
  const inv = new Float64Array(l * l);
  for (let c = 0; c < l; c++) {
    if (dead[c]) continue;
    for (let i = c; i >= 0; i--) {
      if (dead[i]) continue;
      let s = i === c ? 1 : 0;
      for (let k = i + 1; k <= c; k++) s -= r[i * l + k] * inv[k * l + c];
      inv[i * l + c] = s / r[i * l + i];
    }
  }
  return inv;
}

/** Q = Y·R⁻¹, orthonormal (or zero) columns spanning range(Y); Y n×l row-major. */
export function orthonormalize(y: Float64Array, n: number, l: number): Float64Array {
  const inv = choleskyInverse(symmetricCross(y, y, n, l), l, 1e-13);
  // Row r of Q is Σ_i y[r,i]·R⁻¹[i, i..l). Rows of R⁻¹ go eight at a time from the first one's
  // diagonal on; the few entries left of a later row's diagonal are zeros of R⁻¹, so adding
  // them is exact and the kernel still does half the work of a full product.
  const q = new Float64Array(n * l);
  const rows = identity(l);
  let r = 0;
  for (; r + 2 <= n; r += 2) {
    for (let i0 = 0; i0 < l; i0 += 8) {
      const to = Math.min(i0 + 8, l);
      accumulateRowPair(q, r * l + i0, (r + 1) * l + i0, l - i0, inv, l, i0, y, r * l, (r + 1) * l, rows, i0, to);
    }
  }
  for (; r < n; r++) {
    for (let i0 = 0; i0 < l; i0 += 8) {
      accumulateRows(q, r * l + i0, l - i0, inv, l, i0, y, r * l, rows, i0, Math.min(i0 + 8, l));
    }
  }
  return q;
}
