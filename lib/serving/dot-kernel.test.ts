import { describe, expect, it } from "vitest";
import { seeded } from "@/test/seeded";
import { HALF_TO_FLOAT } from "@/lib/db/half-precision";
import { dotKernel, dotKernelBytes, dotKernels, HALF_QUERY_SCALE, scalesExactly } from "./dot-kernel";

/** The kernel's order in JS (float32 steps): four f32x4 accumulators over 16-float steps, combined, then the tail. */
function reference(v: Float32Array, q: Float32Array, dim: number): number {
  const f = Math.fround;
  const acc = new Float32Array(16);
  const end16 = dim & ~15;
  let i = 0;
  for (; i < end16; i += 16) for (let j = 0; j < 16; j++) acc[j] = f(acc[j] + f(v[i + j] * q[i + j]));
  const lanes = [0, 1, 2, 3].map((l) => f(f(acc[l] + acc[4 + l]) + f(acc[8 + l] + acc[12 + l])));
  let s = f(f(lanes[0] + lanes[1]) + f(lanes[2] + lanes[3]));
  for (; i < dim; i++) s = f(s + f(v[i] * q[i]));
  return s;
}

describe("dot kernel (wasm SIMD)", () => {
  it("is a valid module exporting dots", () => {
    expect(WebAssembly.validate(dotKernelBytes())).toBe(true);
    const exports = WebAssembly.Module.exports(new WebAssembly.Module(dotKernelBytes()));
    expect(exports).toEqual([
      { name: "dots", kind: "function" },
      { name: "exact", kind: "function" },
      { name: "exact8", kind: "function" },
      { name: "exact8h", kind: "function" },
      { name: "exact8hs", kind: "function" },
      { name: "dotsh", kind: "function" },
      { name: "dotshs", kind: "function" },
      { name: "exact8hl", kind: "function" },
      { name: "exact8hsl", kind: "function" },
    ]);
  });

  it.each([1, 3, 4, 5, 8, 17, 384, 388])("exact: pgvector's sequential float32 sum, bit for bit (%i-d, rows eight or four at a time and the rest)", (dim) => {
    const rand = seeded(dim + 100);
    const memory = new WebAssembly.Memory({ initial: 8 });
    const { exact } = dotKernels(memory)!;
    for (const rows of [1, 3, 4, 8, 9, 16, 17, 38, 64]) {
      const q = new Float32Array(memory.buffer, 0, dim);
      const vAt = dim * 4;
      const v = new Float32Array(memory.buffer, vAt, rows * dim);
      const outAt = vAt + rows * dim * 4;
      for (let i = 0; i < dim; i++) q[i] = rand();
      for (let i = 0; i < v.length; i++) v[i] = rand() * (i % 5 === 0 ? 1e4 : 1);
      new Float32Array(memory.buffer, outAt, rows + 1).fill(NaN);
      exact(0, vAt, rows, dim, outAt);
      const out = new Float32Array(memory.buffer, outAt, rows + 1);
      for (let r = 0; r < rows; r++) {
        let s = 0;
        for (let i = 0; i < dim; i++) s = Math.fround(s + Math.fround(v[r * dim + i] * q[i]));
        expect(out[r]).toBe(s);
      }
      expect(out[rows]).toBeNaN(); // nothing written past the rows
    }
  });

  it("exact8: each lane's chain is exactly the scalar chain, on values whose sums round at every step (random magnitudes, signs, zeros and subnormals)", () => {
    const memory = new WebAssembly.Memory({ initial: 16 });
    const { exact8, exactScalar } = dotKernels(memory)!;
    const rand = seeded(7);
    for (const dim of [4, 12, 64, 384]) {
      const rows = 48;
      const q = new Float32Array(memory.buffer, 0, dim);
      const vAt = 4096;
      const v = new Float32Array(memory.buffer, vAt, rows * dim);
      const outAt = vAt + rows * dim * 4;
      const value = () => {
        const x = rand();
        const kind = Math.floor(((x + 1) / 2) * 10);
        return kind === 0 ? 0 : kind === 1 ? -0 : kind === 2 ? x * 1e-40 : x * 10 ** Math.round(rand() * 6);
      };
      for (let i = 0; i < dim; i++) q[i] = value();
      for (let i = 0; i < v.length; i++) v[i] = value();
      exact8(0, vAt, rows, dim, outAt);
      const simd = Float32Array.from(new Float32Array(memory.buffer, outAt, rows));
      exactScalar(0, vAt, rows, dim, outAt);
      const scalar = new Float32Array(memory.buffer, outAt, rows);
      for (let r = 0; r < rows; r++) expect(Object.is(simd[r], scalar[r]) || simd[r] === scalar[r]).toBe(true);
      expect(new Uint32Array(simd.buffer)).toEqual(new Uint32Array(Float32Array.from(scalar).buffer));
    }
  });

  it.each([4, 12, 384, 768])("exact8h: half rows widened exactly, then pgvector's float32 chain bit for bit (every half pattern class: zeros, subnormals, normals, both signs; %i-d)", (dim) => {
    const memory = new WebAssembly.Memory({ initial: 64 });
    const { exactHalf, exactHalfScaled } = dotKernels(memory)!;
    const rand = seeded(dim + 11);
    for (const rows of [1, 7, 8, 9, 16, 17, 40]) {
      const q = new Float32Array(memory.buffer, 0, dim);
      const vAt = 8192;
      const padded = Math.ceil(rows / 16) * 16;
      const h = new Uint16Array(memory.buffer, vAt, padded * dim);
      const outAt = vAt + padded * dim * 2 + 64;
      // Query values of every size the scaling must keep exact: float32 subnormals up to 10^3.
      for (let i = 0; i < dim; i++) q[i] = i % 13 === 5 ? rand() * 1e-40 : rand() * 10 ** Math.round(rand() * 3);
      for (let i = 0; i < h.length; i++) {
        // Any finite half: a random sign, exponent 0 (zero, subnormals) to 30, mantissa.
        const x = rand();
        const e = i % 9 === 0 ? 0 : Math.floor(((x + 1) / 2) * 31) % 31;
        h[i] = (rand() < 0 ? 0x8000 : 0) | (e << 10) | Math.floor(((rand() + 1) / 2) * 1024) % 1024;
      }
      new Float32Array(memory.buffer, outAt, padded + 1).fill(NaN);
      exactHalf(0, vAt, rows, dim, outAt);
      const out = new Float32Array(memory.buffer, outAt, padded + 1);
      for (let r = 0; r < rows; r++) {
        let s = 0;
        for (let i = 0; i < dim; i++) s = Math.fround(s + Math.fround(HALF_TO_FLOAT[h[r * dim + i]] * q[i]));
        expect(Object.is(out[r], s) || out[r] === s).toBe(true);
      }
      expect(out[padded]).toBeNaN(); // whole groups of sixteen, nothing past them
      // exact8hs: the same bits (signed zeros included) from the query scaled by 2^112.
      const unscaled = new Uint32Array(Float32Array.from(out.subarray(0, rows)).buffer);
      expect(scalesExactly(q)).toBe(true);
      for (let i = 0; i < dim; i++) q[i] *= HALF_QUERY_SCALE;
      exactHalfScaled(0, vAt, rows, dim, outAt);
      expect(new Uint32Array(Float32Array.from(out.subarray(0, rows)).buffer)).toEqual(unscaled);
    }
  });

  it("scalesExactly: only queries whose values stay finite float32s times 2^112", () => {
    expect(scalesExactly(Float32Array.of(0, -0, 1e-45, -65535.99, 1))).toBe(true);
    expect(scalesExactly(Float32Array.of(0.5, 65536))).toBe(false);
    expect(scalesExactly(Float32Array.of(0.5, -65536))).toBe(false);
    expect(scalesExactly(Float32Array.of(NaN))).toBe(false);
    // 2^16 · 2^112 overflows float32; just below it does not.
    expect(Math.fround(65535.99 * HALF_QUERY_SCALE)).toBeLessThan(Infinity);
    expect(Math.fround(65536 * HALF_QUERY_SCALE)).toBe(Infinity);
  });

  it.each([1, 3, 15, 16, 17, 31, 100, 384, 768])("equals its float32 order computed in JS, bit for bit, and stays within the error bound (%i-d)", (dim) => {
    const rand = seeded(dim);
    const rows = 37;
    const memory = new WebAssembly.Memory({ initial: 4 });
    const dots = dotKernel(memory)!;
    // Query at 0, rows at an offset that is not 16-byte aligned for odd dims, dots after them.
    const q = new Float32Array(memory.buffer, 0, dim);
    const vAt = dim * 4;
    const v = new Float32Array(memory.buffer, vAt, rows * dim);
    const outAt = vAt + rows * dim * 4;
    for (let i = 0; i < dim; i++) q[i] = rand();
    for (let i = 0; i < v.length; i++) v[i] = rand() * (i % 7 === 0 ? 1e3 : 1);
    dots(0, vAt, rows, dim, outAt);
    const out = new Float32Array(memory.buffer, outAt, rows);
    for (let r = 0; r < rows; r++) {
      const row = v.subarray(r * dim, (r + 1) * dim);
      expect(out[r]).toBe(reference(row, q, dim));
      let exact = 0;
      let abs = 0;
      for (let i = 0; i < dim; i++) {
        exact += row[i] * q[i];
        abs += Math.abs(row[i] * q[i]);
      }
      expect(Math.abs(out[r] - exact)).toBeLessThanOrEqual((dim + 1) * 2 ** -24 * abs * (1 + 1e-3));
    }
  });

  it.each([16, 32, 384, 768])("dotsh / dotshs: dots' order over half rows widened exactly, bit for bit, the scaled query's the same bits, within the bound (%i-d; subnormal and signed halves)", (dim) => {
    const rand = seeded(dim + 900);
    const rows = 21; // not a multiple of 16: the kernel computes exactly `rows`
    const memory = new WebAssembly.Memory({ initial: 8 });
    const { dotsHalf, dotsHalfScaled } = dotKernels(memory)!;
    const q = new Float32Array(memory.buffer, 0, dim);
    const vAt = dim * 4 + 8; // rows 8-byte but not 16-byte aligned
    const v = new Uint16Array(memory.buffer, vAt, rows * dim);
    const outAt = vAt + rows * dim * 2 + 8;
    const out = new Float32Array(memory.buffer, outAt, rows + 1);
    for (let i = 0; i < dim; i++) q[i] = rand() * (i % 9 === 0 ? 30 : 1);
    // Every kind of half: normals of both signs and any exponent, subnormals, zeros of both signs.
    const unit = () => Math.abs(rand()) % 1; // [0, 1)
    for (let i = 0; i < v.length; i++) v[i] = i % 11 === 0 ? Math.floor(unit() * 0x400) | (i % 2 ? 0x8000 : 0) : i % 13 === 0 ? (i % 2 ? 0x8000 : 0) : Math.floor(unit() * 0x7c00) | (unit() < 0.5 ? 0x8000 : 0);
    out.fill(NaN);
    dotsHalf(0, vAt, rows, dim, outAt);
    const plain = Float32Array.from(out);
    expect(plain[rows]).toBeNaN(); // nothing written past the rows
    for (let r = 0; r < rows; r++) {
      const row = Float32Array.from(v.subarray(r * dim, (r + 1) * dim), (h) => HALF_TO_FLOAT[h]);
      expect(plain[r]).toBe(reference(row, q, dim));
      let exact = 0;
      let abs = 0;
      for (let i = 0; i < dim; i++) {
        exact += row[i] * q[i];
        abs += Math.abs(row[i] * q[i]);
      }
      expect(Math.abs(plain[r] - exact)).toBeLessThanOrEqual((dim + 1) * 2 ** -24 * abs * (1 + 1e-3));
    }
    expect(scalesExactly(q)).toBe(true);
    for (let i = 0; i < dim; i++) q[i] *= HALF_QUERY_SCALE;
    out.fill(NaN);
    dotsHalfScaled(0, vAt, rows, dim, outAt);
    expect(new Uint32Array(Float32Array.from(out.subarray(0, rows)).buffer)).toEqual(new Uint32Array(plain.subarray(0, rows).buffer.slice(0, rows * 4)));
  });

  it.each([4, 384, 768])("exact8hl / exact8hsl: exactHalf's values bit for bit for rows in any listed order, repeats included (%i-d)", (dim) => {
    const rand = seeded(dim + 77);
    const rows = 40;
    const memory = new WebAssembly.Memory({ initial: 8 });
    const { exactHalf, exactHalfListed, exactHalfListedScaled } = dotKernels(memory)!;
    const q = new Float32Array(memory.buffer, 0, dim);
    const vAt = 4 * dim + 64;
    const v = new Uint16Array(memory.buffer, vAt, (rows + 16) * dim);
    for (let i = 0; i < dim; i++) q[i] = rand();
    for (let i = 0; i < v.length; i++) v[i] = Math.floor((Math.abs(rand()) % 1) * 0x7c00) | (rand() < 0 ? 0x8000 : 0);
    const outAt = vAt + v.length * 2 + 64;
    const out = new Float32Array(memory.buffer, outAt, rows + 16);
    exactHalf(0, vAt, rows, dim, outAt);
    const byRow = Float32Array.from(out.subarray(0, rows));
    const listAt = outAt + (rows + 16) * 4 + 64;
    const order = [39, 0, 7, 7, 21, 3, 38, 1, 0, 12, 30, 5, 5, 5, 17, 2, 26, 33, 9]; // 19: not a whole group
    const list = new Int32Array(memory.buffer, listAt, 32);
    list.set(order);
    list.fill(order.at(-1)!, order.length); // the padding a caller writes
    out.fill(NaN);
    exactHalfListed(0, vAt, order.length, dim, outAt, listAt);
    expect(Array.from(out.subarray(0, order.length))).toEqual(order.map((r) => byRow[r]));
    expect(scalesExactly(q)).toBe(true);
    for (let i = 0; i < dim; i++) q[i] *= HALF_QUERY_SCALE;
    out.fill(NaN);
    exactHalfListedScaled(0, vAt, order.length, dim, outAt, listAt);
    expect(Array.from(out.subarray(0, order.length))).toEqual(order.map((r) => byRow[r]));
  });

  it("writes exactly `rows` results and reads no row past them", () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const dots = dotKernel(memory)!;
    const all = new Float32Array(memory.buffer);
    all.fill(1, 0, 16 + 3 * 16);
    all.fill(NaN, 16 + 3 * 16, 16 + 4 * 16); // a fourth row the call must not reach
    all.fill(-7, 1000, 1010);
    dots(0, 64, 3, 16, 4000);
    expect(Array.from(all.subarray(1000, 1005))).toEqual([16, 16, 16, -7, -7]);
  });
});
