import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { reloadEnv } from "@/lib/env";
import { DEFAULT_PRIOR } from "@/lib/ranking/prior";
import { configuredBaseline, configuredPrior, DEMO_BASELINE, fitBaseline, resolveQuery } from "./defaults";
import { defaultLeaderboardQuery, leaderboardQuerySchema } from "./schema";

const saved = { BASELINE_MODEL: process.env.BASELINE_MODEL, PL_PRIOR: process.env.PL_PRIOR };

function setEnv(vars: { BASELINE_MODEL?: string; PL_PRIOR?: string }) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadEnv();
}

afterEach(() => setEnv(saved));

describe("resolveQuery", () => {
  it("fills the baseline and prior from the portal's settings, else the documented defaults", () => {
    setEnv({ BASELINE_MODEL: undefined, PL_PRIOR: undefined });
    const r = resolveQuery(defaultLeaderboardQuery());
    expect(r).toMatchObject({ method: "plackett-luce", models: [], baseline: DEMO_BASELINE, baselineRequested: false, prior: DEFAULT_PRIOR });
    expect(configuredPrior()).toEqual({ value: DEFAULT_PRIOR, source: "default" });

    setEnv({ BASELINE_MODEL: "ref-model", PL_PRIOR: "0.5" });
    expect(configuredBaseline()).toBe("ref-model");
    expect(configuredPrior()).toEqual({ value: 0.5, source: "PL_PRIOR" });
    expect(resolveQuery(defaultLeaderboardQuery())).toMatchObject({ baseline: "ref-model", baselineRequested: false, prior: 0.5 });
  });

  it("keeps what the query gives, including a prior of 0, and leaves k to the retrieval", () => {
    setEnv({ BASELINE_MODEL: "ref-model", PL_PRIOR: "0.5" });
    const r = resolveQuery(leaderboardQuerySchema.parse({ q: "law", baseline: "m", prior: "0" }));
    expect(r).toMatchObject({ q: "law", baseline: "m", baselineRequested: true, prior: 0 });
    expect(r.k).toBeUndefined();
  });
});

describe("fitBaseline", () => {
  it("uses the default only where it has measurements, and refuses a requested one that has none", () => {
    setEnv({ BASELINE_MODEL: undefined, PL_PRIOR: undefined });
    const byDefault = resolveQuery(defaultLeaderboardQuery());
    expect(fitBaseline(byDefault, ["a", DEMO_BASELINE])).toBe(DEMO_BASELINE);
    expect(fitBaseline(byDefault, ["a", "b"])).toBeUndefined();
    const requested = resolveQuery(leaderboardQuerySchema.parse({ baseline: "b" }));
    expect(fitBaseline(requested, ["a", "b", DEMO_BASELINE])).toBe("b");
    expect(() => fitBaseline(requested, ["a", DEMO_BASELINE])).toThrow(ApiError);
    expect(() => fitBaseline(requested, ["a"])).toThrow('Parameter "baseline": model "b" has no measurements among the selected samples');
  });
});
