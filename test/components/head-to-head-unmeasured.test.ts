// The compare page's head-to-head matrix marks a pair of models never measured together on the
// selection's samples: its win probability comes from the fit alone (through the models each was
// compared with), not from any sample holding both.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeadToHeadHeatmap } from "@/components/compare/head-to-head-heatmap";
import type { PairRecord } from "@/lib/compare/pairwise";

const rec = (model: string, opponent: string, n: number): PairRecord => ({ model, opponent, wins: n, losses: 0, ties: 0, n, rate: n ? 1 : null });
const models = ["a", "b", "c"];
const p = [
  [null, 0.7, 0.9],
  [0.3, null, 0.8],
  [0.1, 0.2, null],
];
const render = (pairs: PairRecord[]) => renderToStaticMarkup(createElement(HeadToHeadHeatmap, { models, p, pairs }));

describe("the head-to-head matrix's unmeasured pairs", () => {
  it("marks both cells of a pair never measured together, and only those", () => {
    // a–b and b–c met on samples; a and c never did (the pairs list holds the empty record too).
    const html = render([rec("a", "b", 5), rec("b", "a", 5), rec("b", "c", 3), rec("c", "b", 3), rec("a", "c", 0), rec("c", "a", 0)]);
    const marked = [...html.matchAll(/<td[^>]*data-unmeasured="true" data-row="(\w)" data-col="(\w)"/g)].map((m) => `${m[1]}${m[2]}`);
    expect(marked.sort()).toEqual(["ac", "ca"]);
    expect(html).toContain("P(a beats c) = 90.0%, from the fit alone: never measured together");
    expect(html).toContain("never measured together on these samples");
  });

  it("marks nothing, and says nothing of it, when every pair was measured together", () => {
    const all = models.flatMap((m) => models.filter((o) => o !== m).map((o) => rec(m, o, 2)));
    const html = render(all);
    expect(html).not.toContain("data-unmeasured");
    expect(html).not.toContain("†");
    expect(html).not.toContain("from the fit alone");
  });
});
