import { describe, expect, it } from "vitest";
import { excerpt } from "./excerpt";

describe("excerpt", () => {
  it("keeps short text as it is", () => {
    expect(excerpt("short text")).toBe("short text");
    expect(excerpt("x".repeat(300))).toBe("x".repeat(300));
  });

  it("cuts long text to at most the limit, at a word boundary, with an ellipsis", () => {
    const text = Array.from({ length: 100 }, (_, i) => `word${i}`).join(" ");
    const e = excerpt(text);
    expect(Array.from(e).length).toBeLessThanOrEqual(300);
    expect(e.endsWith("…")).toBe(true);
    expect(text.startsWith(e.slice(0, -1))).toBe(true);
    expect(e.slice(0, -1)).toMatch(/word\d+$/);
  });

  it("counts characters, not UTF-16 units", () => {
    const e = excerpt("😀".repeat(400), 10);
    expect(Array.from(e)).toHaveLength(10);
  });
});
