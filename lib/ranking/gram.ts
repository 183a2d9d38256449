/**
 * Gram matrix B = Σ_s v_s v_sᵀ (nf x nf, row-major) of vectors that arrive one at a time, for
 * the "meat" of the sandwich variance (./cluster-robust.ts). Each vector comes densely (v,
 * length nf) and as its k nonzeros (indices ascending):
 *   - mostly nonzero (2k > nf; MMLU-Pro, every model on every question): buffered R at a time
 *     as the columns of an nf x R block X, then B += X Xᵀ as dot products over the block, four
 *     entries of B per pass so the running sums stay in registers (measured ~2.4x faster than
 *     one rank-1 update per vector);
 *   - sparse (a large pool where a sample sees a few of many models): B_ab += v_a v_b over the
 *     k(k + 1)/2 nonzero pairs only.
 * Only the upper triangle is accumulated; `result` mirrors it.
 */
const BLOCK = 64;

export class GramAccumulator {
  readonly nf: number;
  private readonly b: Float64Array;
  private readonly x: Float64Array;
  private rows = 0;

  constructor(nf: number) {
    this.nf = nf;
    this.b = new Float64Array(nf * nf);
    this.x = new Float64Array(nf * BLOCK);
  }

  add(v: Float64Array, nz: Int32Array, k: number): void {
    const { nf, b } = this;
    if (2 * k > nf) {
      for (let a = 0; a < nf; a++) this.x[a * BLOCK + this.rows] = v[a];
      if (++this.rows === BLOCK) this.flush();
      return;
    }
    for (let p = 0; p < k; p++) {
      const row = nz[p] * nf;
      const va = v[nz[p]];
      for (let q = p; q < k; q++) b[row + nz[q]] += va * v[nz[q]];
    }
  }

  /** B (full, symmetric); the accumulator is spent afterwards. */
  result(): Float64Array {
    this.flush();
    const { nf, b } = this;
    for (let i = 0; i < nf; i++) for (let j = i + 1; j < nf; j++) b[j * nf + i] = b[i * nf + j];
    return b;
  }

  /** B_ij += Σ_r X_ir X_jr for j ≥ i, four j per pass. */
  private flush(): void {
    const { nf, b, x, rows } = this;
    for (let i = 0; i < nf; i++) {
      const xi = i * BLOCK;
      const row = i * nf;
      let j = i;
      for (; j + 3 < nf; j += 4) {
        const x0 = j * BLOCK;
        const x1 = x0 + BLOCK;
        const x2 = x1 + BLOCK;
        const x3 = x2 + BLOCK;
        let t0 = 0;
        let t1 = 0;
        let t2 = 0;
        let t3 = 0;
        for (let r = 0; r < rows; r++) {
          const xr = x[xi + r];
          t0 += xr * x[x0 + r];
          t1 += xr * x[x1 + r];
          t2 += xr * x[x2 + r];
          t3 += xr * x[x3 + r];
        }
        b[row + j] += t0;
        b[row + j + 1] += t1;
        b[row + j + 2] += t2;
        b[row + j + 3] += t3;
      }
      for (; j < nf; j++) {
        let t = 0;
        for (let r = 0; r < rows; r++) t += x[xi + r] * x[j * BLOCK + r];
        b[row + j] += t;
      }
    }
    this.rows = 0;
  }
}
