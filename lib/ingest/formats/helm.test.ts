import { describe, expect, it } from "vitest";
import { helm } from "./helm";
import { collect, fixture, memoryFile, ofType } from "./test-helpers";

const RUN = "mmlu:subject=anatomy,method=multiple_choice_joint,model=openai_gpt2";
const FILES = ["run_spec.json", "scenario.json", "scenario_state.json", "per_instance_stats.json"].map((f) => `${RUN}/${f}`);
const PREFIX = "helm/mmlu:subject=anatomy,method=multiple_choice_joint";

describe("HELM run directory → score lines", () => {
  it("maps the main split's instances to samples and their per-instance stats to scores", async () => {
    const { records, errors, skipped } = await collect(helm, fixture("helm", ...FILES));
    expect(errors).toEqual([]);
    const samples = ofType(records, "sample");
    // id3 is in the valid split; the test split is the run's main one. The perturbed copy of id12 is not a sample.
    expect(samples.map((s) => s.id)).toEqual([`${PREFIX}/id12`, `${PREFIX}/id47`, `${PREFIX}/id88`]);
    expect(samples[0]).toEqual({
      type: "sample",
      id: `${PREFIX}/id12`,
      benchmark: "mmlu",
      input: "Which organ pumps blood through the body?",
      reference: "heart",
      metadata: { helm_id: "id12", split: "test", choices: ["lung", "heart", "liver", "kidney"] },
    });
    const scores = ofType(records, "score");
    expect(new Set(scores.map((s) => s.metric))).toEqual(new Set(["exact_match", "quasi_exact_match", "prefix_exact_match", "quasi_prefix_exact_match"]));
    expect(scores.filter((s) => s.metric === "exact_match").map((s) => [s.sample.slice(PREFIX.length + 1), s.model, s.value, s.output])).toEqual([
      ["id12", "openai/gpt2", 1, "heart"],
      ["id47", "openai/gpt2", 0, "three"],
      ["id88", "openai/gpt2", 1, "iris"],
    ]);
    expect(skipped.map((s) => [s.origin.index, s.reason])).toEqual([
      [0, 'split "valid" is not the run\'s main split ("test")'],
      [4, 'perturbed instance ("typos"): not converted unless perturbations are asked for'],
    ]);
  });

  it("converts perturbed instances when asked, as metrics named after the perturbation", async () => {
    const { records } = await collect(helm, fixture("helm", ...FILES), { includePerturbations: true });
    const typos = ofType(records, "score").filter((s) => s.metric === "exact_match (typos)");
    expect(typos).toEqual([{ type: "score", sample: `${PREFIX}/id12`, model: "openai/gpt2", metric: "exact_match (typos)", value: 0 }]);
  });

  it("names the stats entry that refers to an unknown instance", async () => {
    const state = JSON.stringify({ adapter_spec: { model: "m" }, request_states: [{ instance: { id: "a", input: { text: "q" }, references: [], split: "test" } }] });
    const stats = JSON.stringify([{ instance_id: "zz", train_trial_index: 0, stats: [] }]);
    const { errors, records } = await collect(helm, [memoryFile("run:x=1,model=m/scenario_state.json", state), memoryFile("run:x=1,model=m/per_instance_stats.json", stats)]);
    expect(ofType(records, "sample").map((s) => [s.id, s.benchmark])).toEqual([["helm/run:x=1/a", "run"]]);
    expect(errors).toEqual([
      { kind: "error", origin: { file: "run:x=1,model=m/per_instance_stats.json", index: 0 }, field: "instance_id", message: 'names instance "zz", which scenario_state.json lacks' },
    ]);
  });

  it("says what it expected when a file of the run is missing", async () => {
    const { errors } = await collect(helm, fixture("helm", `${RUN}/scenario_state.json`));
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/^has no per_instance_stats.json beside it; expected a HELM run directory/)]);
    const none = await collect(helm, fixture("helm", `${RUN}/per_instance_stats.json`));
    expect(none.errors[0].message).toMatch(/found no scenario_state.json$/);
  });
});
