import { describe, expect, it } from "vitest";
import { sampleHref, sampleIdFromSegments } from "./links";

describe("sample links", () => {
  it("encodes sample ids segment by segment and reads them back", () => {
    expect(sampleHref("mmlu-pro/70")).toBe("/samples/mmlu-pro/70");
    expect(sampleHref("arena/a b?#")).toBe("/samples/arena/a%20b%3F%23");
    expect(sampleIdFromSegments(["mmlu-pro", "70"])).toBe("mmlu-pro/70");
    expect(sampleIdFromSegments(["demo-bio-qa%2F0001"], { encoded: true })).toBe("demo-bio-qa/0001");
    expect(sampleIdFromSegments(["a%25b", "c"], { encoded: true })).toBe("a%b/c");
    expect(sampleIdFromSegments(["a%b"], { encoded: true })).toBe("a%b");
  });
});
