// HELM run directories (stanford-crfm/helm, benchmark_output/runs/<suite>/<run name>/), uploaded as
// a bundle: scenario_state.json {adapter_spec, request_states [{instance {id, input.text,
// references [{output.text, tags}], split, perturbation?}, train_trial_index, output_mapping?,
// result.completions [{text}]}]} and per_instance_stats.json [{instance_id, perturbation?,
// train_trial_index, stats [{name {name, split, perturbation?}, count, sum, mean, …}]}]
// (helm/benchmark/metrics/metric.py, PerInstanceStats), with run_spec.json and scenario.json if
// present. Instances of the run's main split (test, else valid) → samples; their per-instance
// stats → one score per stat (the stat's mean), bookkeeping stats left out.
import { evidence } from "./evidence";
import { baseName, dirName, fileJson, fileProblem, readJsonFile } from "./files";
import { fileError, type Converted, type Converter, type ConvertOptions, type Origin, type UploadFile } from "./records";
import type { SampleRecord } from "../types";

const EXPECTS = "a HELM run directory as a bundle: scenario_state.json and per_instance_stats.json (with run_spec.json, scenario.json)";
/** Stats that describe the run, not the answer's quality (helm/benchmark/metrics/basic_metrics.py and friends). */
const BOOKKEEPING = new Set([
  "num_references", "num_train_trials", "num_train_instances", "num_prompt_tokens", "num_completion_tokens", "num_output_tokens",
  "num_completions", "num_instances", "num_bytes", "num_perplexity_tokens", "prompt_truncated", "max_prob", "logprob", "predicted_index",
  "inference_runtime", "inference_denoised_runtime", "inference_idealized_runtime", "batch_size", "batch_request_time",
  "training_co2_cost", "training_energy_cost", "finish_reason_length", "finish_reason_stop", "finish_reason_endoftext", "finish_reason_unknown",
]);
/** Kept stats where less is better (HELM's schema marks them lower_is_better). */
const LOWER_IS_BETTER = new Set(["expected_max_toxicity", "max_toxicity_probability", "toxic_frac", "bias_metric:mode=associations", "bias_metric:mode=representation"]);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

interface Instance {
  origin: Origin;
  split: string;
  sample: SampleRecord;
  output?: string;
}

/** The run name without the model (which differs per model while the instances are the same). */
function scenarioKey(runName: string): string {
  const [scenario, args = ""] = runName.split(/:(.*)/s);
  const kept = args.split(",").filter((a) => a !== "" && !/^model(_deployment)?=/.test(a));
  return kept.length ? `${scenario}:${kept.join(",")}` : scenario;
}

function perturbationName(p: unknown): string | undefined {
  return isObj(p) && typeof p.name === "string" ? p.name : undefined;
}

function instanceOf(rs: unknown, origin: Origin, prefix: string, benchmark: string): Instance | undefined {
  if (!isObj(rs) || !isObj(rs.instance)) return undefined;
  const inst = rs.instance;
  const text = isObj(inst.input) && typeof inst.input.text === "string" ? inst.input.text : undefined;
  if (typeof inst.id !== "string" || text === undefined || text.trim() === "") return undefined;
  const refs = Array.isArray(inst.references) ? inst.references.filter(isObj) : [];
  const refText = (r: Obj) => (isObj(r.output) && typeof r.output.text === "string" ? r.output.text : "");
  const correct = refs.filter((r) => Array.isArray(r.tags) && r.tags.includes("correct")).map(refText);
  const split = typeof inst.split === "string" ? inst.split : "test";
  const sample: SampleRecord = { type: "sample", id: `${prefix}/${inst.id}`, benchmark, input: text, metadata: { helm_id: inst.id, split } };
  if (correct.length) sample.reference = correct.join("\n");
  if (refs.length > 1) sample.metadata!.choices = refs.map(refText);
  const completion = isObj(rs.result) && Array.isArray(rs.result.completions) && isObj(rs.result.completions[0]) ? rs.result.completions[0].text : undefined;
  let output: string | undefined;
  if (typeof completion === "string" && rs.reference_index == null) {
    const mapping = isObj(rs.output_mapping) ? rs.output_mapping : {};
    const mapped = mapping[completion.trim()];
    output = typeof mapped === "string" ? mapped : completion;
  }
  return { origin, split, sample, output };
}

async function* convertRun(files: readonly UploadFile[], dir: string, options: ConvertOptions): AsyncGenerator<Converted[]> {
  const here = (name: string) => files.find((f) => dirName(f.path) === dir && baseName(f.path) === name);
  const stateFile = here("scenario_state.json")!;
  const statsFile = here("per_instance_stats.json");
  if (!statsFile) {
    yield [fileError(stateFile.path, `has no per_instance_stats.json beside it; expected ${EXPECTS}`)];
    return;
  }
  const side = new Map<string, Obj>();
  for (const name of ["run_spec.json", "scenario.json"]) {
    const f = here(name);
    if (!f) continue;
    try {
      const v = await readJsonFile(f);
      if (isObj(v)) side.set(name, v);
    } catch (err) {
      yield [fileProblem(f, err, EXPECTS)];
      return;
    }
  }
  const runSpec = side.get("run_spec.json") ?? {};
  const scenario = side.get("scenario.json") ?? {};
  const runName = typeof runSpec.name === "string" ? runSpec.name : baseName(dir);
  const benchmark =
    options.benchmark ?? (typeof scenario.name === "string" ? scenario.name : Array.isArray(runSpec.groups) && typeof runSpec.groups[0] === "string" ? runSpec.groups[0] : runName.split(":")[0]);
  if (!runName || !benchmark) {
    yield [fileError(stateFile.path, "cannot name the run: no run_spec.json, and the files are not in a run directory; give the benchmark name")];
    return;
  }
  const prefix = `helm/${scenarioKey(runName)}`;

  // Pass 1: the instances (not their prompts), so the main split is known before any sample goes out.
  let model = options.model;
  const instances = new Map<string, Instance>();
  try {
    for await (const items of fileJson(stateFile, { streamKeys: new Set(["request_states"]) })) {
      for (const item of items) {
        if (item.kind === "member" && item.key === "adapter_spec" && isObj(item.value) && typeof item.value.model === "string") model ??= item.value.model;
        if (item.kind !== "element" || (isObj(item.value) && isObj(item.value.instance) && item.value.instance.perturbation)) continue;
        const inst = instanceOf(item.value, { file: stateFile.path, index: item.index }, prefix, benchmark);
        if (inst && !instances.has(inst.sample.metadata!.helm_id as string)) instances.set(inst.sample.metadata!.helm_id as string, inst);
      }
    }
  } catch (err) {
    yield [fileProblem(stateFile, err, EXPECTS)];
    return;
  }
  if (!model) {
    yield [fileError(stateFile.path, '"adapter_spec.model" is required (or give the model name)')];
    return;
  }
  const splits = new Set([...instances.values()].map((i) => i.split));
  const main = splits.has("test") ? "test" : splits.has("valid") ? "valid" : [...splits][0];
  yield [...instances.values()].filter((i) => i.split === main).map((i): Converted => ({ kind: "record", origin: i.origin, record: i.sample }));

  // Pass 2: per-instance stats → scores.
  try {
    for await (const items of fileJson(statsFile)) {
      const out: Converted[] = [];
      for (const item of items) {
        if (item.kind === "start" && item.container !== "array") {
          yield [fileError(statsFile.path, `must be a JSON array; expected ${EXPECTS}`)];
          return;
        }
        if (item.kind !== "element" && item.kind !== "bad-element") continue;
        const origin = { file: statsFile.path, index: item.index };
        if (item.kind === "bad-element") out.push({ kind: "error", origin, field: null, message: item.message });
        else mapStats(item.value, origin, instances, main, model, options, out);
      }
      if (out.length) yield out;
    }
  } catch (err) {
    yield [fileProblem(statsFile, err, EXPECTS)];
  }
}

function mapStats(v: unknown, origin: Origin, instances: Map<string, Instance>, main: string, model: string, options: ConvertOptions, out: Converted[]): void {
  if (!isObj(v) || typeof v.instance_id !== "string" || !Array.isArray(v.stats)) {
    out.push({ kind: "error", origin, field: null, message: 'must be an object with "instance_id" and "stats"' });
    return;
  }
  const inst = instances.get(v.instance_id);
  const perturbation = perturbationName(v.perturbation);
  if (!inst) return void out.push({ kind: "error", origin, field: "instance_id", message: `names instance "${v.instance_id}", which scenario_state.json lacks` });
  if (inst.split !== main) return void out.push({ kind: "skipped", origin, reason: `split "${inst.split}" is not the run's main split ("${main}")` });
  if (typeof v.train_trial_index === "number" && v.train_trial_index > 0) return void out.push({ kind: "skipped", origin, reason: `train trial ${v.train_trial_index}: only trial 0 is converted` });
  if (perturbation !== undefined && !options.includePerturbations) return void out.push({ kind: "skipped", origin, reason: `perturbed instance ("${perturbation}"): not converted unless perturbations are asked for` });
  const output = perturbation === undefined ? evidence(inst.output) : undefined;
  for (const stat of v.stats) {
    if (!isObj(stat) || !isObj(stat.name) || typeof stat.name.name !== "string" || BOOKKEEPING.has(stat.name.name)) continue;
    const count = typeof stat.count === "number" ? stat.count : 0;
    const value = typeof stat.mean === "number" ? stat.mean : typeof stat.sum === "number" && count > 0 ? stat.sum / count : NaN;
    if (count === 0 || !Number.isFinite(value)) continue;
    const metric = perturbation === undefined ? stat.name.name : `${stat.name.name} (${perturbation})`;
    out.push({
      kind: "record",
      origin,
      record: { type: "score", sample: inst.sample.id, model, metric, value, ...(LOWER_IS_BETTER.has(stat.name.name) && { higher_is_better: false }), ...(output !== undefined && { output }) },
    });
  }
}

export const helm: Converter = {
  format: "helm",
  expects: EXPECTS,
  async *convert(files: readonly UploadFile[], options: ConvertOptions = {}) {
    const runs = files.filter((f) => baseName(f.path) === "scenario_state.json").map((f) => dirName(f.path));
    if (runs.length === 0) {
      yield [fileError(files[0]?.path ?? "upload", `expected ${EXPECTS}; found no scenario_state.json`)];
      return;
    }
    for (const dir of runs) yield* convertRun(files, dir, options);
  },
};
