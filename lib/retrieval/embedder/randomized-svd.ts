// Truncated SVD A ≈ U_k Σ_k V_kᵀ of a sparse matrix by randomized range finding with power
// iterations (Halko, Martinsson & Tropp 2011, "Finding structure with randomness", SIAM Review
// 53(2), Algorithms 4.4 and 5.1):
//   Ω ~ N(0,1)^{cols×l},  Q = orth(A·Ω),  repeat q times: Q = orth(A·(Aᵀ·Q)),
//   B = Qᵀ·A,  B·Bᵀ = W·Λ·Wᵀ,  Σ = Λ^{1/2},  U = Q·W,  V = Bᵀ·W·Σ⁻¹ = Aᵀ·U·Σ⁻¹.
// Orthonormalising only the rows×l side (never the cols×l one) halves the dense work; the
// N-side re-orthonormalisation each round already keeps the columns from collapsing onto σ₁.
// Only V_k and Σ_k are returned: latent semantic analysis folds documents in through V.
import { multiply, orthonormalize, symmetricCross } from "./dense";
import { normalSource } from "./prng";
import { csrTimesDense, transpose, type Csr } from "./sparse";
import { symmetricEigen } from "./symmetric-eigen";

export interface SvdOptions {
  rank: number;
  oversample: number;
  powerIterations: number;
  seed: number;
}

export interface TruncatedSvd {
  /** Number of singular triplets kept (≤ rank: never more than the matrix has). */
  k: number;
  /** Singular values, largest first (length k). */
  sigma: Float64Array;
  /** Right singular vectors, cols×k row-major (row t: term t in the latent space). */
  v: Float64Array;
}

export function randomizedSvd(a: Csr, opts: SvdOptions): TruncatedSvd {
  const l = Math.max(1, Math.min(opts.rank + opts.oversample, a.rows, a.cols));
  const normals = normalSource(opts.seed);
  const omega = new Float64Array(a.cols * l);
  for (let i = 0; i < omega.length; i++) omega[i] = normals.next();

  const at = transpose(a);
  let q = orthonormalize(csrTimesDense(a, omega, l), a.rows, l);
  for (let it = 0; it < opts.powerIterations; it++) {
    q = orthonormalize(csrTimesDense(a, csrTimesDense(at, q, l), l), a.rows, l);
  }

  // B·Bᵀ = Qᵀ·(A·Aᵀ·Q) = Qᵀ·Y with Y = A·(Aᵀ·Q): one more sparse round trip, then an l×l product.
  const y = csrTimesDense(a, csrTimesDense(at, q, l), l);
  const bbt = symmetricCross(q, y, a.rows, l);
  const { values, vectors } = symmetricEigen(bbt, l);

  // Keep triplets with σ clearly above rounding noise; a tiny corpus has fewer than `rank`.
  const cutoff = Math.max(values[0], 0) * 1e-10;
  let k = 0;
  while (k < Math.min(opts.rank, l) && values[k] > cutoff) k++;
  const sigma = Float64Array.from(values.subarray(0, k), Math.sqrt);
  const wk = new Float64Array(l * k);
  for (let i = 0; i < l; i++) for (let j = 0; j < k; j++) wk[i * k + j] = vectors[i * l + j] / sigma[j];

  // V = Aᵀ·(Q·W_k·Σ⁻¹): the dense product is rows×l×k, cheaper than Bᵀ·W when rows < cols.
  const v = csrTimesDense(at, multiply(q, a.rows, l, wk, k), k);
  return { k, sigma, v };
}
