import { describe, expect, it } from "vitest";
import { csvField, exportFilename, toCsv, toJson, CSV_COLUMNS } from "./export";
import type { ApiLeaderboardRow } from "./response";

const rows: ApiLeaderboardRow[] = [
  {
    model: "atlas-70b-instruct",
    rank: 1,
    score: 0.75,
    ci: [0.6, 0.9],
    rank_interval: [1, 1],
    n_samples: 467,
    win_rate: { weighted: 68.9, discrete: 79.1, n: 24, se: 6.3 },
    p_beats_baseline: 0.68,
  },
  { model: 'odd, "name"', rank: null, score: null, ci: null, rank_interval: null, n_samples: 3, win_rate: null, p_beats_baseline: null },
];

describe("csv", () => {
  it("quotes fields that need it", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField(null)).toBe("");
    expect(csvField(Number.NaN)).toBe("");
  });

  it("neutralises text cells a spreadsheet would run as a formula, numbers stay numbers", () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvField("@SUM(A1:A9)")).toBe("'@SUM(A1:A9)");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("\t=1")).toBe("'\t=1");
    expect(csvField("\r=1")).toBe(`"'\r=1"`);
    expect(csvField("model-=1")).toBe("model-=1");
    expect(csvField(-0.5)).toBe("-0.5");
    const line = toCsv([{ ...rows[1], model: "=1+1" }]).split("\r\n")[1];
    expect(line.split(",")[3]).toBe("'=1+1");
  });

  it("writes a header and one line per row, in the given order", () => {
    const lines = toCsv(rows).trimEnd().split("\r\n");
    expect(lines[0]).toBe(CSV_COLUMNS.join(","));
    expect(lines[1]).toBe("1,1,1,atlas-70b-instruct,0.75,0.6,0.9,0.68,68.9,79.1,24,467");
    expect(lines[2]).toBe(',,,"odd, ""name""",,,,,,,,3');
    expect(lines).toHaveLength(3);
  });
});

describe("json", () => {
  it("carries the query and provenance with the rows", () => {
    const parsed = JSON.parse(
      toJson(rows, {
        params: new URLSearchParams("q=antibodies&benchmark=a&benchmark=b"),
        method: "plackett-luce",
        baseline: "reference-4o-mini",
        scale: "log-strength",
        ci_method: "analytic",
        n_samples: 25,
        n_measurements: 400,
        computed_at: "2026-01-01T00:00:00.000Z",
        embedder: "fallback-lsa-v1:x",
        source: "live",
      }),
    );
    expect(parsed.query).toEqual({ q: "antibodies", benchmark: ["a", "b"] });
    expect(parsed.models.map((m: ApiLeaderboardRow) => m.model)).toEqual(["atlas-70b-instruct", 'odd, "name"']);
    expect(parsed.baseline).toBe("reference-4o-mini");
  });
});

describe("exportFilename", () => {
  it("names the file after the query, without view-only keys", () => {
    const sp = new URLSearchParams("q=Python code!&benchmark=demo-code-tests&method=elo&sort=-score&find=orca");
    expect(exportFilename(sp, "csv")).toBe("onebench_q-python-code_benchmark-demo-code-tests_method-elo.csv");
    expect(exportFilename(new URLSearchParams(), "json", "onebench_antibodies")).toBe("onebench_antibodies.json");
  });

  it("stays short", () => {
    const sp = new URLSearchParams({ q: "x".repeat(500) });
    expect(exportFilename(sp, "csv").length).toBeLessThanOrEqual(124);
  });
});
