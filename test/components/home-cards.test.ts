// The home page's saved-leaderboard grids as the server renders them: given a limit (the home page
// gives the benchmarks HOME_CARDS), the first cards and a link to all of them (with how many) when
// there are more; without one (the home page's capabilities, /leaderboards) every card.
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
  it("shows the first `limit` capabilities and benchmarks, and says how many there are in all", () => {
    const all = pool(30, 40);
    const capabilities = renderToStaticMarkup(createElement(CapabilityCards, { saved: all, limit: HOME_CARDS }));
    expect(cards(capabilities)).toBe(HOME_CARDS);
    expect(capabilities).toContain('data-slug="concept-0"');
    expect(capabilities).not.toContain(`data-slug="concept-${HOME_CARDS}"`);
    expect(capabilities).toContain("All 30 capabilities and every saved leaderboard →");
    const benchmarks = renderToStaticMarkup(createElement(BenchmarkCards, { saved: all, limit: HOME_CARDS }));
    expect(cards(benchmarks)).toBe(HOME_CARDS);
    expect(benchmarks).toMatch(/href="\/leaderboards#benchmarks-heading"[^>]*>All 40 benchmark leaderboards →/);
  });

  it("shows every card, and no count, when they fit or when no limit is given (/leaderboards)", () => {
    const few = pool(5, 6);
    const capabilities = renderToStaticMarkup(createElement(CapabilityCards, { saved: few, limit: HOME_CARDS }));
    expect(cards(capabilities)).toBe(5);
    expect(capabilities).toContain("All saved leaderboards →");
    const benchmarks = renderToStaticMarkup(createElement(BenchmarkCards, { saved: few, limit: HOME_CARDS }));
    expect(cards(benchmarks)).toBe(6);
    expect(benchmarks).not.toContain("all-benchmarks");
    expect(cards(renderToStaticMarkup(createElement(BenchmarkCards, { saved: pool(30, 40) })))).toBe(40);
    expect(cards(renderToStaticMarkup(createElement(CapabilityCards, { saved: pool(30, 40), allLink: false })))).toBe(30);
  });
});
