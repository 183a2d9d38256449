import { describe, expect, it } from "vitest";
import { formatTime, relativeTime } from "./time";
import { embedderLabel, isFallbackEmbedder } from "./embedder";

describe("times", () => {
  it("writes absolute times in UTC to the minute", () => {
    expect(formatTime("2025-03-01T14:05:59.000Z")).toBe("2025-03-01 14:05 UTC");
    expect(formatTime(new Date(Date.UTC(2024, 0, 2, 3, 4)))).toBe("2024-01-02 03:04 UTC");
  });
  it("writes ages in words", () => {
    const now = Date.UTC(2025, 0, 10, 12, 0, 0);
    const ago = (s: number) => new Date(now - s * 1000);
    expect(relativeTime(ago(10), now)).toBe("just now");
    expect(relativeTime(ago(-30), now)).toBe("just now");
    expect(relativeTime(ago(5 * 60), now)).toBe("5 min ago");
    expect(relativeTime(ago(3 * 3600), now)).toBe("3 h ago");
    expect(relativeTime(ago(3 * 86400), now)).toBe("3 days ago");
  });
});

describe("embedder names", () => {
  it("says plainly when the offline fallback is in use", () => {
    expect(isFallbackEmbedder("fallback-lsa-256")).toBe(true);
    expect(isFallbackEmbedder("Xenova/all-MiniLM-L6-v2")).toBe(false);
    expect(isFallbackEmbedder(null)).toBe(false);
    expect(embedderLabel("fallback-lsa-256")).toBe("offline LSA fallback (fallback-lsa-256), not MiniLM");
    expect(embedderLabel("Xenova/all-MiniLM-L6-v2")).toBe("Xenova/all-MiniLM-L6-v2 (MiniLM sentence embeddings)");
    expect(embedderLabel(undefined)).toBe("none");
  });
});
