import { describe, expect, it } from "vitest";
import { backgroundCut } from "./background-cut";

// A SigLIP-like background: cosines around 0.02 with spread ~0.01.
const background = Array.from({ length: 200 }, (_, i) => 0.02 + 0.01 * Math.sin(i * 1.7));

describe("backgroundCut", () => {
  it("cuts at the given fraction of the gap between the background median and the best hit", () => {
    // median 0, MAD 1 → s = 1.4826; best 10 stands out by more than 3 s.
    expect(backgroundCut([-2, -1, 0, 1, 2], 10, 2, 0.6)).toBeCloseTo(6, 12);
  });

  it("keeps a match that stands out and drops the near-background hits", () => {
    const cut = backgroundCut(background, 0.15);
    expect(cut).toBeGreaterThan(0.08);
    expect(cut).toBeLessThan(0.15);
  });

  it("retrieves nothing when the best hit is only the top of the background", () => {
    expect(backgroundCut(background, 0.035)).toBe(Infinity);
  });

  it("is shift- and scale-free", () => {
    const scaled = background.map((x) => 5 * x + 0.3);
    expect(backgroundCut(scaled, 5 * 0.15 + 0.3)).toBeCloseTo(5 * backgroundCut(background, 0.15) + 0.3, 10);
  });

  it("is not moved by a minority of true matches inside the background slice", () => {
    const withMatches = [...background, ...Array(20).fill(0.15)];
    expect(backgroundCut(withMatches, 0.15)).toBeLessThan(0.15);
  });

  it("keeps everything without a background", () => {
    expect(backgroundCut([], 0.5)).toBe(-Infinity);
  });
});
