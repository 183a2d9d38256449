/**
 * Dense symmetric positive-definite linear algebra for the Newton steps and covariances:
 * Cholesky factorisation A = L Lᵀ (Golub & Van Loan, Matrix Computations, alg. 4.2.1),
 * forward/back substitution, and A⁻¹ from the factor. Row-major n x n Float64Arrays.
 * Cost n³/3 for the factor; n = 200 models is ~3 Mflop, well under a millisecond.
 */

/** In-place lower Cholesky factor of `a` (upper triangle left untouched). False if not PD. */
export function cholesky(a: Float64Array, n: number): boolean {
  for (let j = 0; j < n; j++) {
    const rj = j * n;
    let d = a[rj + j];
    for (let k = 0; k < j; k++) d -= a[rj + k] * a[rj + k];
    if (!(d > 0)) return false;
    const ljj = Math.sqrt(d);
    a[rj + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      const ri = i * n;
      let s = a[ri + j];
      for (let k = 0; k < j; k++) s -= a[ri + k] * a[rj + k];
      a[ri + j] = s / ljj;
    }
  }
  return true;
}

/** Solves L Lᵀ x = b in place (b becomes x), with L from `cholesky`. */
export function choleskySolve(l: Float64Array, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i * n + k] * b[k];
    b[i] = s / l[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= l[k * n + i] * b[k];
    b[i] = s / l[i * n + i];
  }
}

/** (L Lᵀ)⁻¹ as a full symmetric matrix. */
export function choleskyInverse(l: Float64Array, n: number): Float64Array {
  const inv = new Float64Array(n * n);
  const col = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    col.fill(0);
    col[j] = 1;
    choleskySolve(l, n, col);
    for (let i = 0; i < n; i++) inv[i * n + j] = col[i];
  }
  return inv;
}

/**
 * Cholesky factor of the SPD matrix `a` (left untouched), adding a growing ridge to the
 * diagonal if `a` is not numerically positive definite. Returns the factor and the ridge used
 * (0 when none was needed).
 */
export function factorSpd(a: Float64Array, n: number): { l: Float64Array; ridge: number } {
  let maxDiag = 0;
  for (let i = 0; i < n; i++) maxDiag = Math.max(maxDiag, a[i * n + i]);
  let ridge = 0;
  for (let attempt = 0; attempt < 30; attempt++) {
    const l = a.slice();
    if (ridge > 0) for (let i = 0; i < n; i++) l[i * n + i] += ridge;
    if (cholesky(l, n)) return { l, ridge };
    ridge = ridge === 0 ? 1e-12 * (maxDiag || 1) : ridge * 100;
  }
  throw new Error('factorSpd: matrix is not positive definite even with a ridge');
}
