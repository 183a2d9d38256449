// The flag list as the server renders it: a sample page with many flags lists the first
// FLAGS_SHOWN and folds the rest into a native <details> disclosure (keyboard and screen-reader
// accessible without client code); without `fold`, or with at most one flag to hide, nothing folds.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FlagList, FLAGS_SHOWN } from "@/components/health/flag-list";
import type { Severity } from "@/lib/db/queries/benchmark-health";

const flags = (n: number) => Array.from({ length: n }, (_, i) => ({ code: i === 0 ? "duplicate" : "near_duplicate", severity: (i === 0 ? "warning" : "info") as Severity, message: `flag number ${i}` }));
const render = (n: number, fold?: number) => renderToStaticMarkup(createElement(FlagList, { flags: flags(n), fold }));
const count = (html: string, s: string) => html.split(s).length - 1;

describe("FlagList", () => {
  it("lists the first FLAGS_SHOWN flags, worst first as given, and folds the rest behind 'Show N more flags'", () => {
    const html = render(23, FLAGS_SHOWN);
    expect(FLAGS_SHOWN).toBe(3);
    const [before, folded] = html.split("<details");
    expect(folded).toBeDefined();
    expect(count(before, "<li")).toBe(3);
    expect(before).toContain("flag number 0");
    expect(before).toContain("flag number 2");
    expect(before).not.toContain("flag number 3");
    expect(folded).toMatch(/^[^>]*>\s*<summary[^>]*>Show 20 more flags<\/summary>/);
    expect(count(folded, "<li")).toBe(20);
    expect(folded).toContain("flag number 22");
    expect(folded).not.toContain(" open");
  });
  it("does not fold one flag away, nor when asked not to fold", () => {
    for (const html of [render(4, 3), render(23)]) expect(html).not.toContain("<details");
    expect(count(render(4, 3), "<li")).toBe(4);
    expect(render(0, 3)).toContain("No flags.");
  });
});
