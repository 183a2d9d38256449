import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { parseParams, tryParseParams } from "./parse";
import { compareQuerySchema, modelQuerySchema, samplesQuerySchema } from "./route-schemas";
import { leaderboardQuerySchema, pickSelection } from "./schema";
import { queryParams, selectionQueryString } from "./url";

function thrown(run: () => unknown): ApiError {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected an ApiError");
}

describe("parseParams", () => {
  it("parses a URL into the canonical query and writes it back unchanged", () => {
    const canonical = "q=antibodies&k=200&threshold=0.2&benchmark=a&benchmark=b&tag=x+y&meta=difficulty%3Ahard&method=elo&baseline=m&models=m1&models=m2&prior=0.5";
    const q = parseParams(new URLSearchParams(canonical), leaderboardQuerySchema);
    expect(q).toMatchObject({ q: "antibodies", k: 200, threshold: 0.2, benchmark: ["a", "b"], task: [], tag: ["x y"], meta: ["difficulty:hard"], method: "elo", prior: 0.5 });
    expect(queryParams(q).toString()).toBe(canonical);
  });

  it("canonicalises: key order, the default method and empty values", () => {
    const q = parseParams(new URLSearchParams("tag=t&method=plackett-luce&q=+x+&benchmark=&k=7"), leaderboardQuerySchema);
    expect(queryParams(q).toString()).toBe("q=x&k=7&tag=t");
    expect(queryParams(parseParams(new URLSearchParams(queryParams(q)), leaderboardQuerySchema)).toString()).toBe("q=x&k=7&tag=t");
  });

  it("gives a page's plain searchParams object exactly what it gives the URL", () => {
    const url = new URLSearchParams("q=law&benchmark=a&benchmark=b&models=m1&models=m2&k=50");
    const record = { q: "law", benchmark: ["a", "b"], models: ["m1", "m2"], k: "50", unused: undefined };
    for (const schema of [leaderboardQuerySchema, compareQuerySchema, samplesQuerySchema, modelQuerySchema]) {
      expect(parseParams(record, schema)).toEqual(parseParams(url, schema));
    }
    expect(thrown(() => parseParams({ k: "0" }, leaderboardQuerySchema)).message).toBe(thrown(() => parseParams(new URLSearchParams("k=0"), leaderboardQuerySchema)).message);
  });

  it("rejects bad values with a 400 naming the parameter", () => {
    const cases: [string, RegExp][] = [
      ["k=1.5", /^Parameter "k": must be a whole number in decimal digits$/],
      ["k=abc", /^Parameter "k": must be a whole number in decimal digits$/],
      ["k=0", /^Parameter "k": must be at least 1$/],
      ["threshold=2", /^Parameter "threshold": must be in \[-1, 1\]$/],
      ["method=magic", /^Parameter "method": must be one of plackett-luce, bradley-terry, elo, mean, borda, win-rate$/],
      ["prior=-1", /^Parameter "prior": must be ≥ 0$/],
      // The parameter as written in the URL, not the schema's path ("meta.0"); which value when several.
      ["meta=nocolon", /^Parameter "meta": must look like "key:value"$/],
      ["meta=a:b&meta=nocolon", /^Parameter "meta" \(value 2 of 2\): must look like "key:value"$/],
      [`benchmark=a&benchmark=${"y".repeat(501)}`, /^Parameter "benchmark" \(value 2 of 2\): must be at most 500 characters$/],
      // A parameter read once, given twice.
      ["k=5&k=6", /^Parameter "k" was given 2 times: give it once$/],
      ["method=elo&method=mean", /^Parameter "method" was given 2 times: give it once$/],
      [`q=${"x".repeat(501)}`, /^Parameter "q": must be at most 500 characters$/],
    ];
    for (const [qs, message] of cases) {
      const err = thrown(() => parseParams(new URLSearchParams(qs), leaderboardQuerySchema));
      expect(err.status).toBe(400);
      expect(err.message).toMatch(message);
    }
    expect(thrown(() => parseParams({ limit: "0" }, samplesQuerySchema)).message).toBe('Parameter "limit": must be at least 1');
    expect(thrown(() => parseParams({ offset: "-3" }, samplesQuerySchema)).message).toBe('Parameter "offset": must be a whole number in decimal digits');
    expect(thrown(() => parseParams({ limit: "1001" }, modelQuerySchema)).message).toBe('Parameter "limit": must be at most 1000');
    // Repeats of a repeatable parameter past its bound keep their own message.
    expect(thrown(() => parseParams(new URLSearchParams(Array.from({ length: 101 }, (_, i) => `tag=t${i}`).join("&")), leaderboardQuerySchema)).message).toBe('Parameter "tag": may be given at most 100 times');
  });

  it("tryParseParams returns the same message instead of throwing", () => {
    expect(tryParseParams({ threshold: "x" }, leaderboardQuerySchema)).toEqual({ data: null, error: 'Parameter "threshold": must be a plain decimal number' });
    const ok = tryParseParams({ q: "x", limit: "5" }, samplesQuerySchema);
    expect(ok.error).toBeNull();
    expect(selectionQueryString(pickSelection(ok.data!))).toBe("q=x");
  });
});
