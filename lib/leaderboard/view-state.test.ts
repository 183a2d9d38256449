import { describe, expect, it } from "vitest";
import { formatSort, nextSort, parseSort, shownRows } from "./view-state";

const row = (model: string, rank: number | null, score: number | null, n = 10, win: number | null = null) => ({
  model,
  rank,
  score,
  p_beats_baseline: score === null ? null : 1 / (1 + Math.exp(-score)),
  win_rate: win === null ? null : { weighted: win },
  n_samples: n,
});

describe("sort", () => {
  it("parses, formats and flips", () => {
    expect(parseSort("-score")).toEqual({ key: "score", desc: true });
    expect(parseSort("bogus")).toEqual({ key: "rank", desc: false });
    expect(formatSort({ key: "rank", desc: false })).toBeNull();
    expect(formatSort({ key: "n", desc: true })).toBe("-n");
    expect(nextSort({ key: "rank", desc: false }, "score")).toEqual({ key: "score", desc: true });
    expect(nextSort({ key: "score", desc: true }, "score")).toEqual({ key: "score", desc: false });
    expect(nextSort({ key: "rank", desc: false }, "model")).toEqual({ key: "model", desc: false });
  });

  it("sorts with missing values last and filters by name", () => {
    const rows = [row("b", 2, 0.5, 30, 40), row("a", 1, 1, 20), row("c", null, null, 50, 60), row("d", 3, -1, 40, 55)];
    expect(shownRows(rows, { key: "rank", desc: false }).map((r) => r.model)).toEqual(["a", "b", "d", "c"]);
    expect(shownRows(rows, { key: "score", desc: false }).map((r) => r.model)).toEqual(["d", "b", "a", "c"]);
    expect(shownRows(rows, { key: "win", desc: true }).map((r) => r.model)).toEqual(["c", "d", "b", "a"]);
    expect(shownRows(rows, { key: "n", desc: true }).map((r) => r.model)).toEqual(["c", "d", "b", "a"]);
    expect(shownRows(rows, { key: "model", desc: true }).map((r) => r.model)).toEqual(["d", "c", "b", "a"]);
    expect(shownRows(rows, { key: "rank", desc: false }, " B ").map((r) => r.model)).toEqual(["b"]);
  });
});
