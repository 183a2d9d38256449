// A model whose interval could not be bounded (the API's ci null: a few comparisons, or it never
// lost one) is shown as such in the leaderboard table — "interval unbounded", any rank plausible, a
// band across the whole interval axis — and not as a bare score tick that looks certain.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import type { ApiLeaderboardRow } from "@/lib/leaderboard/response";

const row = (model: string, rank: number, score: number, ci: [number, number] | null): ApiLeaderboardRow => ({
  model,
  rank,
  score,
  ci,
  rank_interval: ci ? [rank, rank + 1] : null,
  n_samples: ci ? 400 : 4,
  win_rate: null,
  p_beats_baseline: 0.5,
});

function render(rows: ApiLeaderboardRow[], scale = "log-strength"): string {
  return renderToStaticMarkup(
    createElement(LeaderboardTable, { rows, allRows: rows, reweighted: [], scale, baseline: "base", query: {}, nSamples: 400, sort: { key: "rank", desc: false }, onSort: () => {} } as never),
  );
}

describe("the leaderboard table's unbounded intervals", () => {
  it("marks a score without an interval, and only that one", () => {
    const html = render([row("thin", 1, 1.3, null), row("measured", 2, 0.4, [0.2, 0.6]), row("base", 3, 0, null)]);
    expect(html.split('data-testid="unbounded"').length - 1).toBe(1);
    expect(html.split("data-unbounded").length - 1).toBe(1);
    const thin = html.slice(html.indexOf(">thin<"), html.indexOf(">measured<"));
    expect(thin).toContain("interval unbounded");
    // The baseline's score is fixed at 0 by definition: "fixed", not unbounded.
    expect(html.slice(html.indexOf(">base<"))).toContain("fixed");
  });

  it("marks every thin model of a Plackett–Luce board even when none has an interval", () => {
    const html = render([row("thin", 1, 1.3, null), row("thinner", 2, 0.9, null), row("base", 3, 0, null)]);
    expect(html.split('data-testid="unbounded"').length - 1).toBe(2);
  });

  it("marks nothing where the method gives no intervals at all (Elo)", () => {
    const html = render([row("a", 1, 120, null), row("base", 2, 0, null)], "elo");
    expect(html).not.toContain("unbounded");
  });
});
