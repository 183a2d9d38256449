import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { parsePlanQuery } from "./request";

const parse = (qs: string) => parsePlanQuery(new URLSearchParams(qs));

describe("parsePlanQuery", () => {
  it("takes a model, a budget and the selection parameters", () => {
    const q = parse("model=new-7b&budget=20&benchmark=a&benchmark=b&q=algebra&k=50");
    expect(q).toMatchObject({ model: "new-7b", budget: 20, benchmark: ["a", "b"], q: "algebra", k: 50 });
  });

  it.each([
    ["model=m&budget=0", /"budget": must be at least 1/],
    ["model=m&budget=-3", /"budget": must be at least 1/],
    ["model=m&budget=10001", /"budget": must be at most 10000/],
    ["model=m&budget=2.5", /"budget": must be a whole number/],
    ["model=m", /"budget": is required/],
    ["budget=5", /"model": is required/],
    ["model=%20&budget=5", /"model": must be a non-empty/],
    ["model=m&budget=5&method=elo", /Parameter "method" is not known/],
    ["model=m&budget=5&benchmarks=x", /Parameter "benchmarks" is not known/],
    ["model=m&budget=5&k=0", /"k": must be at least 1/],
  ])("%s is a 400 naming the parameter", (qs, message) => {
    let err: unknown;
    try {
      parse(qs);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).message).toMatch(message);
  });

  it("accepts the largest budget", () => {
    expect(parse("model=m&budget=10000").budget).toBe(10000);
  });
});
