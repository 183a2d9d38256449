import { describe, expect, it } from "vitest";
import { leaderboardQuerySchema, selectionSchema } from "./schema";
import {
  compareHref,
  fromRecord,
  hasAggregationOverride,
  hasSelection,
  leaderboardHref,
  modelHref,
  queryParams,
  samplesHref,
  selectionQueryString,
  withoutEmpty,
  withParams,
} from "./url";

describe("queryParams / hrefs", () => {
  it("writes the selection and aggregation in a stable order and leaves out the default method", () => {
    const href = leaderboardHref({ models: ["a", "b"], method: "plackett-luce", q: "antibodies", benchmark: ["x"], k: 200, threshold: 0.2 });
    expect(href).toBe("/leaderboard?q=antibodies&k=200&threshold=0.2&benchmark=x&models=a&models=b");
    expect(leaderboardHref({ method: "elo" })).toBe("/leaderboard?method=elo");
    expect(leaderboardHref({})).toBe("/leaderboard");
  });

  it("round-trips the facts filters through the URL and counts them as an aggregation override", () => {
    const q = leaderboardQuerySchema.parse({ benchmark: "x", open_weights: "false", max_params_b: "70", min_params_b: "7", organization: ["Meta", "Mistral AI"] });
    expect(q).toMatchObject({ open_weights: false, min_params_b: 7, max_params_b: 70, organization: ["Meta", "Mistral AI"] });
    const href = leaderboardHref(q);
    expect(href).toBe("/leaderboard?benchmark=x&open_weights=false&min_params_b=7&max_params_b=70&organization=Meta&organization=Mistral+AI");
    expect(leaderboardQuerySchema.parse(Object.fromEntries([...new URLSearchParams(href.split("?")[1])].filter(([k]) => k !== "organization")))).toMatchObject({ open_weights: false, max_params_b: 70 });
    expect(hasAggregationOverride(new URLSearchParams("open_weights=true"))).toBe(true);
    expect(leaderboardQuerySchema.parse({}).open_weights).toBeUndefined();
  });

  it("can leave out the aggregation", () => {
    expect(queryParams({ q: "x", method: "elo", baseline: "m" }, { aggregation: false }).toString()).toBe("q=x");
  });

  it("builds model links with the selection only (the model page shows the Plackett–Luce row)", () => {
    expect(modelHref("helix bio/34b", { q: "antibodies", models: ["a"], method: "mean" })).toBe("/models/helix%20bio%2F34b?q=antibodies");
    expect(modelHref("Alpaca (7B)/v2", selectionSchema.parse({ tag: "x y" }))).toBe("/models/Alpaca%20(7B)%2Fv2?tag=x+y");
  });

  it("keeps only the selection's parameters that are set", () => {
    const sel = selectionSchema.parse({ q: "antibodies", benchmark: ["a", "b"], meta: "difficulty:hard" });
    expect(selectionQueryString(sel)).toBe("q=antibodies&benchmark=a&benchmark=b&meta=difficulty%3Ahard");
    expect(hasSelection(sel)).toBe(true);
    expect(hasSelection(selectionSchema.parse({}))).toBe(false);
  });

  it("links compare pages with the models first, and sample pages with their offset", () => {
    const sel = selectionSchema.parse({ tag: "x y" });
    expect(compareHref(["Alpaca (7B)", "b"], sel)).toBe("/compare?models=Alpaca%20(7B)&models=b&tag=x+y");
    expect(compareHref([], sel)).toBe("/compare?tag=x+y");
    expect(compareHref([], selectionSchema.parse({}))).toBe("/compare");
    expect(samplesHref(sel, { offset: 50 })).toBe("/samples?tag=x+y&offset=50");
    expect(samplesHref(selectionSchema.parse({}), { offset: 0, limit: 20 })).toBe("/samples?offset=0&limit=20");
  });
});

describe("withParams", () => {
  it("replaces and removes keys", () => {
    const cur = new URLSearchParams("q=x&method=elo&models=a&models=b");
    expect(withParams("/leaderboard", cur, { method: "mean", models: [] })).toBe("/leaderboard?q=x&method=mean");
    expect(withParams("/leaderboard", cur, { q: null, method: null, models: null })).toBe("/leaderboard");
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
