import { describe, expect, it } from "vitest";
import {
  fromRecord,
  hasAggregationOverride,
  leaderboardHref,
  modelHref,
  nextSort,
  parseSort,
  formatSort,
  queryParams,
  shownRows,
  withoutEmpty,
  withParams,
} from "./url-state";

const row = (model: string, rank: number | null, score: number | null, n = 10, win: number | null = null) => ({
  model,
  rank,
  score,
  p_beats_baseline: score === null ? null : 1 / (1 + Math.exp(-score)),
  win_rate: win === null ? null : { weighted: win },
  n_samples: n,
});

describe("queryParams / hrefs", () => {
  it("writes the selection and aggregation in a stable order and leaves out the default method", () => {
    const href = leaderboardHref({ models: ["a", "b"], method: "plackett-luce", q: "antibodies", benchmark: ["x"], k: 200, threshold: 0.2 });
    expect(href).toBe("/leaderboard?q=antibodies&k=200&threshold=0.2&benchmark=x&models=a&models=b");
    expect(leaderboardHref({ method: "elo" })).toBe("/leaderboard?method=elo");
    expect(leaderboardHref({})).toBe("/leaderboard");
  });

  it("can leave out the aggregation", () => {
    expect(queryParams({ q: "x", method: "elo", baseline: "m" }, { aggregation: false }).toString()).toBe("q=x");
  });

  it("builds model links with the selection only (the model page shows the Plackett–Luce row)", () => {
    expect(modelHref("helix bio/34b", { q: "antibodies", models: ["a"], method: "mean" })).toBe("/models/helix%20bio%2F34b?q=antibodies");
  });
});

describe("withParams", () => {
  it("replaces and removes keys", () => {
    const cur = new URLSearchParams("q=x&method=elo&models=a&models=b");
    expect(withParams("/leaderboard", cur, { method: "mean", models: [] })).toBe("/leaderboard?q=x&method=mean");
    expect(withParams("/leaderboard", cur, { q: null, method: null, models: null })).toBe("/leaderboard");
  });
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

describe("fromRecord / hasAggregationOverride", () => {
  it("keeps repeated keys and tells overrides apart", () => {
    const sp = fromRecord({ benchmark: ["a", "b"], sort: "-score", nothing: undefined });
    expect(sp.getAll("benchmark")).toEqual(["a", "b"]);
    expect(hasAggregationOverride(sp)).toBe(false);
    expect(hasAggregationOverride(new URLSearchParams("method=elo"))).toBe(true);
    expect(hasAggregationOverride(new URLSearchParams("baseline="))).toBe(false);
  });
});

describe("withoutEmpty", () => {
  it("drops empty values and says when nothing changed", () => {
    expect(withoutEmpty(new URLSearchParams("q=&k=&threshold=0.2&benchmark=a&benchmark="))?.toString()).toBe("threshold=0.2&benchmark=a");
    expect(withoutEmpty(new URLSearchParams("q=x"))).toBeNull();
  });
});
