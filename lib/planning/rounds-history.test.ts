import { describe, expect, it } from "vitest";
import type { EvaluationPlanBody } from "./selection-plan";
import { withPlan } from "./rounds-history";

const plan = (measured: number, width: number | null): EvaluationPlanBody => ({
  model: "m",
  budget: 20,
  samples: [],
  current: width === null ? null : { score: 0, ci: [-width / 2, width / 2], rank: 3, rank_interval: [2, 4], n_ranked: 10 },
  n_samples: 100,
  health: null,
  measured,
  coverage: measured / 100,
  candidates: 100 - measured,
  baseline: "b",
  message: null,
  data_version: 1,
});

describe("withPlan", () => {
  it("opens a round when new results arrived, updates the last one otherwise", () => {
    let rounds = withPlan([], plan(0, null));
    rounds = withPlan(rounds, plan(0, null));
    expect(rounds.map((r) => r.round)).toEqual([1]);
    rounds = withPlan(rounds, plan(20, 2));
    rounds = withPlan(rounds, plan(40, 1));
    expect(rounds.map((r) => [r.round, r.measured])).toEqual([
      [1, 0],
      [2, 20],
      [3, 40],
    ]);
  });

  it("starts over when the model has fewer results than the history says", () => {
    const rounds = withPlan(withPlan([], plan(20, 2)), plan(0, null));
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ round: 1, measured: 0 });
  });
});
