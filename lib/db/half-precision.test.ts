import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finiteHalf, halfBits, HALF_TO_FLOAT, toHalfPrecision } from "./half-precision";

/** The next half away from zero of a finite half's magnitude, and the one towards zero (same sign). */
const magnitude = (h: number) => h & 0x7fff;

describe("half precision", () => {
  it("round-trips every finite half pattern: widening is exact and the rounding of a half is itself", () => {
    for (let h = 0; h < 65536; h++) {
      if (!finiteHalf(h)) continue;
      expect(halfBits(HALF_TO_FLOAT[h])).toBe(h);
    }
    expect(HALF_TO_FLOAT[0x3c00]).toBe(1);
    expect(HALF_TO_FLOAT[0x0001]).toBe(2 ** -24);
    expect(HALF_TO_FLOAT[0x7bff]).toBe(65504);
    expect(Object.is(HALF_TO_FLOAT[0x8000], -0)).toBe(true);
  });

  it("rounds a float32 to the nearest half, ties to even (property over random floats)", () => {
    fc.assert(
      fc.property(fc.float({ min: -65504, max: 65504, noNaN: true }), (x) => {
        const h = halfBits(x);
        expect(finiteHalf(h)).toBe(true);
        const r = HALF_TO_FLOAT[h];
        const m = magnitude(h);
        const sign = h & 0x8000;
        // The neighbours on either side in magnitude (same sign) are no closer.
        for (const n of [m - 1, m + 1]) {
          if (n < 0 || n > 0x7bff) continue;
          const other = HALF_TO_FLOAT[sign | n];
          const d = Math.abs(x - r);
          const e = Math.abs(x - other);
          expect(d).toBeLessThanOrEqual(e);
          if (d === e) expect(m & 1).toBe(0); // a tie goes to the even mantissa
        }
      }),
      { numRuns: 20000 },
    );
  });

  it("rounds the edges: ties at 1 + 2^-11, the smallest subnormal's half, overflow", () => {
    expect(halfBits(1 + 2 ** -11)).toBe(0x3c00); // tie, to even (1.0)
    expect(halfBits(1 + 3 * 2 ** -11)).toBe(0x3c02); // tie, to even (up)
    expect(halfBits(2 ** -25)).toBe(0); // tie at half the smallest subnormal: to zero (even)
    expect(halfBits(2 ** -25 * 1.5)).toBe(1);
    expect(halfBits(-(2 ** -30))).toBe(0x8000);
    expect(halfBits(65520)).toBe(0x7c00); // rounds past the largest half
    expect(finiteHalf(halfBits(1e6))).toBe(false);
  });

  it("toHalfPrecision rounds each component and keeps one past the half range as it is", () => {
    const v = toHalfPrecision([0.1, -0.333, 1e-9, 1e6]);
    expect(Array.from(v)).toEqual([HALF_TO_FLOAT[halfBits(0.1)], HALF_TO_FLOAT[halfBits(-0.333)], 0, 1e6]);
    expect(Math.abs(v[0] - 0.1)).toBeLessThan(0.1 * 2 ** -11);
  });
});
