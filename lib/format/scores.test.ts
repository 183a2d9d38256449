import { describe, expect, it } from "vitest";
import { ciMethodLabel, formatCi, formatScore, scaleInfo } from "./scores";

describe("formatScore: a fixed number of decimals per scale", () => {
  it("signs log-strengths (the default scale) with two decimals", () => {
    expect(formatScore(1.234)).toBe("+1.23");
    expect(formatScore(-0.4)).toBe("−0.40");
    expect(formatScore(0)).toBe("0.00");
    expect(formatScore(1.234, "log-strength")).toBe("+1.23");
  });
  it("writes a value that rounds to zero as an unsigned zero", () => {
    expect(formatScore(-0.004)).toBe("0.00");
    expect(formatScore(0.004)).toBe("0.00");
    expect(formatScore(-0.3, "elo")).toBe("0");
    expect(formatScore(0.0001, "fraction")).toBe("0.000");
    expect(formatScore(0.01, "percent")).toBe("0.0%");
  });
  it("signs Elo points as whole numbers", () => {
    expect(formatScore(152.4, "elo")).toBe("+152");
    expect(formatScore(-87.6, "elo")).toBe("−88");
  });
  it("writes absolute scales plainly", () => {
    expect(formatScore(0.7344, "fraction")).toBe("0.734");
    expect(formatScore(1, "fraction")).toBe("1.000");
    expect(formatScore(52.34, "percent")).toBe("52.3%");
  });
  it("writes a missing score as a dash", () => {
    expect(formatScore(null)).toBe("—");
    expect(formatScore(undefined, "elo")).toBe("—");
    expect(formatScore(Number.NaN)).toBe("—");
  });
});

describe("formatCi: brackets around two endpoints written like scores", () => {
  it("uses the scale's decimals and signs", () => {
    expect(formatCi([-0.123, 0.4])).toBe("[−0.12, +0.40]");
    expect(formatCi([-12.2, 40.7], "elo")).toBe("[−12, +41]");
    expect(formatCi([0.61, 0.7449], "fraction")).toBe("[0.610, 0.745]");
    expect(formatCi([45, 55.06], "percent")).toBe("[45.0%, 55.1%]");
  });
  it("writes a missing interval as a dash", () => {
    expect(formatCi(null)).toBe("—");
    expect(formatCi(undefined, "elo")).toBe("—");
  });
});

describe("scales and interval methods", () => {
  it("pins the baseline at zero only on the relative scales", () => {
    expect(scaleInfo("log-strength").baselineZero).toBe(true);
    expect(scaleInfo("elo").baselineZero).toBe(true);
    expect(scaleInfo("percent").baselineZero).toBe(false);
    expect(scaleInfo("fraction").label).toBe("Score (0–1)");
  });
  it("names the interval method", () => {
    expect(ciMethodLabel("bootstrap", 200)).toBe("95% bootstrap intervals over samples (200 resamples)");
    expect(ciMethodLabel("analytic", undefined, "cluster-robust")).toContain("cluster-robust");
    expect(ciMethodLabel("none")).toBe("no intervals for this method");
  });
});
