// Property-based: whatever a client sends as query parameters, every selection schema either
// parses it into values the database and pages can take, or refuses it with a 400 that names a
// parameter; it never throws anything else (which the routes would answer with a 500).
import fc from "fast-check";
import type { z } from "zod";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { parseParams } from "./parse";
import { compareQuerySchema, modelQuerySchema, samplesQuerySchema } from "./route-schemas";
import { leaderboardQuerySchema } from "./schema";
import { textProblem } from "./text";

const SCHEMAS = { leaderboard: leaderboardQuerySchema, samples: samplesQuerySchema, model: modelQuerySchema, compare: compareQuerySchema };
const KEYS = ["q", "k", "threshold", "benchmark", "task", "tag", "meta", "method", "baseline", "models", "prior", "limit", "offset"];

/** Values a hostile client tries: broken text, numbers in other notations, injections, sizes. */
const NASTY = [
  "", " ", "\u0000", "a\u0000b", "\uD800", "x\uDFFFy", "\u0007", "0x10", "1e3", "1E3", "-1", "-0", "+5", "NaN", "Infinity", "-Infinity",
  "1,000", "1_000", "0b101", "0o7", "١٢٣", "9".repeat(400), "x".repeat(10_000), "' OR 1=1 --", "'; DROP TABLE samples; --",
  "<script>alert(1)</script>", "javascript:alert(1)", "%00", "%ZZ", "\u202Egnp.exe", "=HYPERLINK(\"http://x\")", ":", "a:", ":b", "😀",
];
const value = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((codes) => String.fromCharCode(...codes)),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.integer({ min: -5, max: 30_000 }).map(String),
);
const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) });
const params = fc.array(fc.tuple(key, value), { maxLength: 6 }).map((pairs) => {
  const sp = new URLSearchParams();
  for (const [k, v] of pairs) sp.append(k, v);
  return sp;
});

/** Every string inside a parsed value. */
function strings(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === "object") return Object.values(v).flatMap(strings);
  return [];
}

describe.each(Object.entries(SCHEMAS))("the %s query schema under hostile parameters", (_name, schema) => {
  it("parses into usable values or refuses with a 400 naming a parameter, nothing else", () => {
    fc.assert(
      fc.property(params, (sp) => {
        let parsed: Record<string, unknown>;
        try {
          parsed = parseParams(sp, schema) as Record<string, unknown>;
        } catch (err) {
          expect(err).toBeInstanceOf(ApiError);
          expect((err as ApiError).status).toBe(400);
          expect((err as ApiError).message).toMatch(/^Parameter "[^"]+"(?:(?: \(value \d+ of \d+\))?: \S| was given \d+ times: give it once$)/);
          return;
        }
        for (const s of strings(parsed)) expect(textProblem(s)).toBeNull();
        for (const n of ["k", "limit", "offset"]) if (parsed[n] !== undefined) expect(Number.isSafeInteger(parsed[n])).toBe(true);
        for (const n of ["threshold", "prior"]) if (parsed[n] !== undefined) expect(Number.isFinite(parsed[n])).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe("numbers", () => {
  const reject = (query: string, schema: z.ZodType = leaderboardQuerySchema) => {
    try {
      parseParams(new URLSearchParams(query), schema);
    } catch (err) {
      return (err as ApiError).message;
    }
    throw new Error(`accepted ${query}`);
  };

  it("take plain decimal only: hex, exponents, Infinity, NaN, empty and overlong values are refused", () => {
    for (const k of ["0x10", "1e3", "1E3", "Infinity", "NaN", "", "1.5", "-3", "+3", "0b1", "١٢٣", "9".repeat(41)]) {
      expect(reject(`k=${encodeURIComponent(k)}`)).toMatch(/^Parameter "k": /);
    }
    for (const t of ["0x1", "1e-1", ".", "-", "Infinity", "1/2"]) expect(reject(`threshold=${encodeURIComponent(t)}`)).toMatch(/^Parameter "threshold": must be a plain decimal number/);
    expect(reject("k=0x10")).toBe('Parameter "k": must be a whole number in decimal digits');
    expect(reject("limit=1e3", samplesQuerySchema)).toBe('Parameter "limit": must be a whole number in decimal digits');
    expect(reject(`k=${"9".repeat(30)}`)).toBe('Parameter "k": must be at most 20000');
  });

  it("still take what the forms and links produce", () => {
    const q = parseParams(new URLSearchParams("k=200&threshold=-0.25&prior=.5&limit=10&offset=0"), samplesQuerySchema);
    expect(q).toMatchObject({ k: 200, threshold: -0.25 });
    expect(parseParams(new URLSearchParams("prior=0.5&threshold=1"), leaderboardQuerySchema)).toMatchObject({ prior: 0.5, threshold: 1 });
  });
});

describe("text parameters", () => {
  it("refuse NUL, control characters, unpaired surrogates and more than the length limits, naming the parameter", () => {
    const message = (sp: URLSearchParams) => {
      try {
        parseParams(sp, leaderboardQuerySchema);
        return "accepted";
      } catch (err) {
        return (err as ApiError).message;
      }
    };
    expect(message(new URLSearchParams({ q: "a\u0000b" }))).toBe('Parameter "q": must not contain a NUL byte');
    // A URL cannot carry an unpaired surrogate (URLSearchParams makes it U+FFFD); a page's searchParams object could.
    const lone = leaderboardQuerySchema.safeParse({ benchmark: ["ok", "x\uD800"] });
    expect(lone.error?.issues[0]).toMatchObject({ path: ["benchmark", 1], message: "must be valid Unicode (it has an unpaired surrogate)" });
    expect(message(new URLSearchParams({ baseline: "\u0001" }))).toBe('Parameter "baseline": must not contain control characters (found U+0001)');
    expect(message(new URLSearchParams({ tag: "x".repeat(10_000) }))).toBe('Parameter "tag": must be at most 500 characters');
    expect(message(new URLSearchParams(Array.from({ length: 101 }, () => ["models", "m"])))).toBe('Parameter "models": may be given at most 100 times');
    expect(message(new URLSearchParams({ q: "'; DROP TABLE samples; --", tag: "<script>" }))).toBe("accepted");
  });
});
