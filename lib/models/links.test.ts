import { describe, expect, it } from "vitest";
import { selectionSchema } from "@/lib/leaderboard/params";
import { sampleHref, sampleIdFromSegments } from "@/lib/samples/links";
import { modelHref } from "@/lib/leaderboard/url-state";
import { hasSelection, selectionQueryString } from "./links";

describe("evidence links", () => {
  it("keeps only the selection's parameters that are set", () => {
    const sel = selectionSchema.parse({ q: "antibodies", benchmark: ["a", "b"], meta: "difficulty:hard" });
    expect(selectionQueryString(sel)).toBe("q=antibodies&benchmark=a&benchmark=b&meta=difficulty%3Ahard");
    expect(hasSelection(sel)).toBe(true);
    expect(hasSelection(selectionSchema.parse({}))).toBe(false);
  });

  it("encodes model names and sample ids", () => {
    expect(modelHref("Alpaca (7B)/v2", selectionSchema.parse({ tag: "x y" }))).toBe("/models/Alpaca%20(7B)%2Fv2?tag=x+y");
    expect(sampleHref("mmlu-pro/70")).toBe("/samples/mmlu-pro/70");
    expect(sampleHref("arena/a b?#")).toBe("/samples/arena/a%20b%3F%23");
    expect(sampleIdFromSegments(["mmlu-pro", "70"])).toBe("mmlu-pro/70");
    expect(sampleIdFromSegments(["demo-bio-qa%2F0001"], { encoded: true })).toBe("demo-bio-qa/0001");
    expect(sampleIdFromSegments(["a%25b", "c"], { encoded: true })).toBe("a%b/c");
    expect(sampleIdFromSegments(["a%b"], { encoded: true })).toBe("a%b");
  });
});
