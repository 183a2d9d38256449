import { describe, expect, it } from "vitest";
import { formatBytes, formatCount, formatPercent, formatRankRange, formatSimilarity, formatSimilarityRange, formatValue, plural } from "./numbers";

describe("formatPercent: one decimal for every percentage", () => {
  it("writes fractions as percentages with one decimal", () => {
    expect(formatPercent(0.734)).toBe("73.4%");
    expect(formatPercent(0.5)).toBe("50.0%");
    expect(formatPercent(1)).toBe("100.0%");
    expect(formatPercent(0.0004)).toBe("0.0%");
    expect(formatPercent(0.9996)).toBe("100.0%");
    expect(formatPercent(0.0024)).toBe("0.2%");
  });
  it("keeps complementary probabilities summing to 100", () => {
    for (const p of [0.1234, 0.5, 0.73456, 0.987]) {
      const sum = Number(formatPercent(p).replace("%", "")) + Number(formatPercent(1 - p).replace("%", ""));
      expect(sum).toBeCloseTo(100, 9);
    }
  });
  it("writes a missing value as a dash, and no negative zero", () => {
    expect(formatPercent(null)).toBe("—");
    expect(formatPercent(undefined)).toBe("—");
    expect(formatPercent(Number.NaN)).toBe("—");
    expect(formatPercent(-0.00001)).toBe("0.0%");
    expect(formatPercent(-0.25)).toBe("−25.0%");
  });
});

describe("counts", () => {
  it("separates thousands, whatever the runtime's locale", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(-1200)).toBe("−1,200");
    expect(formatCount(null)).toBe("—");
  });
  it("pluralises with the count", () => {
    expect(plural(1, "sample")).toBe("1 sample");
    expect(plural(0, "sample")).toBe("0 samples");
    expect(plural(2500, "choice event")).toBe("2,500 choice events");
    expect(plural(3, "query", "queries")).toBe("3 queries");
  });
});

describe("formatValue: integers in full, else 4 significant digits", () => {
  it.each([
    [1, "1"],
    [0, "0"],
    [123456, "123456"],
    [0.25, "0.25"],
    [0.83333333, "0.8333"],
    [23.456789, "23.46"],
    [1234.5678, "1235"],
    [0.000123456, "0.0001235"],
    [-0.5, "−0.5"],
    [-12.34567, "−12.35"],
  ])("%s → %s", (v, out) => {
    expect(formatValue(v)).toBe(out);
  });
  it("drops trailing zeros rather than padding", () => {
    expect(formatValue(0.7)).toBe("0.7");
    expect(formatValue(2.5)).toBe("2.5");
  });
  it("writes a missing value as a dash", () => {
    expect(formatValue(null)).toBe("—");
    expect(formatValue(Number.POSITIVE_INFINITY)).toBe("—");
  });
});

describe("similarities, ranks and sizes", () => {
  it("writes similarities with two decimals", () => {
    expect(formatSimilarity(0.8349)).toBe("0.83");
    expect(formatSimilarity(1)).toBe("1.00");
    expect(formatSimilarity(null)).toBe("—");
    expect(formatSimilarityRange([0.41234, 0.7801])).toBe("0.41–0.78");
  });
  it("writes a rank range as one rank when it is one", () => {
    expect(formatRankRange([3, 3])).toBe("3");
    expect(formatRankRange([3, 5])).toBe("3–5");
  });
  it("writes file sizes in bytes, KB or MB", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(12.3 * 1024)).toBe("12.3 KB");
    expect(formatBytes(4 * 1024 * 1024)).toBe("4.0 MB");
  });
});
