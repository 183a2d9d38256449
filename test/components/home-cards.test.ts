// The home page's benchmark cards as the server renders them: the first HOME_CARDS and a link to
// all of them (with how many) when there are more; without a limit (/leaderboards) every card. The
// capability cards are all shown (a newly saved one is listed last).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BenchmarkCards, CapabilityCards, HOME_CARDS } from "@/components/home/concept-sections";
import type { SavedWithSnapshot } from "@/components/home/concept-card";

const saved = (slug: string, query: string | null, benchmark: string[] = []) =>
  ({ slug, title: `Title ${slug}`, query, filters: { benchmark }, description: null, snapshot: null, refreshQueuedAt: null, refreshStartedAt: null }) as unknown as SavedWithSnapshot;
const pool = (concepts: number, benchmarks: number) => [
  saved("overall", null),
  ...Array.from({ length: concepts }, (_, i) => saved(`concept-${i}`, `capability ${i}`)),
  ...Array.from({ length: benchmarks }, (_, i) => saved(`benchmark-b${i}`, null, [`b${i}`])),
];
const cards = (html: string) => html.split('data-testid="concept-card"').length - 1;

describe("the home page's saved leaderboards", () => {
  it("shows the first HOME_CARDS benchmarks, says how many there are in all, and every capability", () => {
    const all = pool(30, 40);
    const capabilities = renderToStaticMarkup(createElement(CapabilityCards, { saved: all }));
    expect(cards(capabilities)).toBe(30);
    expect(capabilities).toContain('data-slug="concept-29"');
    const benchmarks = renderToStaticMarkup(createElement(BenchmarkCards, { saved: all, limit: HOME_CARDS }));
    expect(cards(benchmarks)).toBe(HOME_CARDS);
    expect(benchmarks).toContain('data-slug="benchmark-b0"');
    expect(benchmarks).not.toContain(`data-slug="benchmark-b${HOME_CARDS}"`);
    expect(benchmarks).toMatch(/href="\/leaderboards#benchmarks-heading"[^>]*>All 40 benchmark leaderboards →/);
  });

  it("shows every card, and no link, when they fit or when no limit is given (/leaderboards)", () => {
    const few = pool(5, 6);
    const benchmarks = renderToStaticMarkup(createElement(BenchmarkCards, { saved: few, limit: HOME_CARDS }));
    expect(cards(benchmarks)).toBe(6);
    expect(benchmarks).not.toContain("all-benchmarks");
    expect(cards(renderToStaticMarkup(createElement(BenchmarkCards, { saved: pool(30, 40) })))).toBe(40);
    expect(cards(renderToStaticMarkup(createElement(CapabilityCards, { saved: pool(30, 40), allLink: false })))).toBe(30);
  });
});
