// Compressed sparse row (CSR) matrices and the product randomized SVD needs, A·X with X dense
// and row-major; Aᵀ·X is the same product with the transpose stored as its own CSR. A
// term-document matrix is ~0.5% full, so these cost O(nnz·l) and never materialise a dense
// documents × vocabulary matrix. Gathering a row's terms (rather than scattering each entry)
// lets the 8-row kernel of row-kernels.ts do the work.
import { accumulateRows } from "./row-kernels";

export interface Csr {
  rows: number;
  cols: number;
  /** Row r's entries are at positions indptr[r] .. indptr[r+1]-1 of indices/values. */
  indptr: Int32Array;
  indices: Int32Array;
  values: Float64Array;
}

/** Y = A·X, A rows×cols sparse, X cols×l dense row-major; Y rows×l row-major. */
export function csrTimesDense(a: Csr, x: Float64Array, l: number): Float64Array {
  const y = new Float64Array(a.rows * l);
  for (let r = 0; r < a.rows; r++) {
    accumulateRows(y, r * l, l, x, l, 0, a.values, 0, a.indices, a.indptr[r], a.indptr[r + 1]);
  }
  return y;
}

/** Aᵀ as CSR (counting sort by column; entries of each new row stay in increasing order). */
export function transpose(a: Csr): Csr {
  const nnz = a.indptr[a.rows];
  const indptr = new Int32Array(a.cols + 1);
  for (let p = 0; p < nnz; p++) indptr[a.indices[p] + 1]++;
  for (let c = 0; c < a.cols; c++) indptr[c + 1] += indptr[c];
  const next = indptr.slice(0, a.cols);
  const indices = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  for (let r = 0; r < a.rows; r++) {
    for (let p = a.indptr[r]; p < a.indptr[r + 1]; p++) {
      const dest = next[a.indices[p]]++;
      indices[dest] = r;
      values[dest] = a.values[p];
    }
  }
  return { rows: a.cols, cols: a.rows, indptr, indices, values };
}
