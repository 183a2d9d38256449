// lm-evaluation-harness `--log_samples` output (EleutherAI/lm-evaluation-harness,
// lm_eval/loggers/evaluation_tracker.py): per task a `samples_<task>_<date>.jsonl`, one line per
// (document, filter) with doc_id, doc, target, arguments {gen_args_i: {arg_0, arg_1}}, resps,
// filtered_resps, filter, metrics [names] and each metric's per-sample value; beside them the run's
// `results_<date>.json` (model_name, higher_is_better, config.model_num_parameters).
// Mapping: one `sample` per (task, doc_id), one `score` per metric of each line, metric named as the
// harness reports it ("exact_match,strict-match"; the filter is left out when it is "none").
import { evidence } from "./evidence";
import { baseName, dirName, fileLines, fileProblem, readJsonFile } from "./files";
import { fileError, type Converted, type ConvertedRecord, type Converter, type ConvertOptions, type UploadFile } from "./records";

const EXPECTS =
  "lm-evaluation-harness sample logs: samples_<task>_<date>.jsonl (lines with doc_id, doc, target, filtered_resps and metric values), with the run's results_<date>.json or a model name";
const SAMPLES = /^samples_(.+)_(\d{4}-\d{2}-\d{2}T[\d.-]+)\.jsonl(?:\.gz)?$/;
const RESULTS = /^results_(.+)\.json(?:\.gz)?$/;
/** Fields of a sample line that are not metrics (older logs have no `metrics` list). */
const NOT_METRICS = new Set(["doc_id", "doc", "target", "arguments", "resps", "filtered_resps", "filter", "metrics", "doc_hash", "prompt_hash", "target_hash"]);
/** Where the question usually is in a task's document; the prompt (arg_0) would carry few-shot examples. */
const INPUT_FIELDS = ["question", "query", "problem", "prompt", "input", "text", "sentence", "ctx", "context", "goal", "premise", "passage"];
const MAX_DOC_METADATA_CHARS = 16 * 1024;

interface Run {
  model: string;
  higherIsBetter: Record<string, Record<string, boolean>>;
  parameters?: number;
}

export function isSamplesFile(path: string): boolean {
  return SAMPLES.test(baseName(path)) || /^samples_.+\.jsonl(?:\.gz)?$/.test(baseName(path));
}

function taskOf(path: string): { task: string; date?: string } {
  const name = baseName(path);
  const m = SAMPLES.exec(name);
  return m ? { task: m[1], date: m[2] } : { task: name.replace(/^samples_/, "").replace(/\.jsonl(\.gz)?$/, "") };
}

/**
 * The keys of `model_args` that name the model, in the order the harness itself reads them when it
 * writes `model_name` (lm_eval/loggers/evaluation_tracker.py, `_get_model_name`: an adapter or delta
 * is given beside the `pretrained` base it was trained from, and names the model evaluated).
 */
export const MODEL_ARG_KEYS = ["peft", "delta", "pretrained", "model", "model_version", "model_name", "model_id", "path", "engine"] as const;

/**
 * The model named by a run's `config.model_args` (results files without `model_name`, older than
 * harness 0.4.3): the "key=value,key=value" string of the command line, or the object a Python caller
 * passed. The first of MODEL_ARG_KEYS given a non-empty value; whole keys only (the harness matches
 * substrings, so its "model=" also read "base_model=").
 */
export function modelOfArgs(args: unknown): string | undefined {
  const values = new Map<string, string>();
  if (typeof args === "string") {
    for (const pair of args.split(",")) {
      const at = pair.indexOf("=");
      if (at > 0) values.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  } else if (args && typeof args === "object") {
    for (const [k, v] of Object.entries(args as Record<string, unknown>)) if (typeof v === "string") values.set(k, v.trim());
  }
  for (const key of MODEL_ARG_KEYS) {
    const v = values.get(key);
    if (v) return v;
  }
  return undefined;
}

function runOf(results: unknown, override: string | undefined): Run | string {
  const r = (results && typeof results === "object" ? results : {}) as Record<string, unknown>;
  const config = (r.config && typeof r.config === "object" ? r.config : {}) as Record<string, unknown>;
  const model = override ?? (typeof r.model_name === "string" && r.model_name !== "" ? r.model_name : modelOfArgs(config.model_args));
  if (!model) return `names no model: neither "model_name" nor one of ${MODEL_ARG_KEYS.map((k) => `"${k}="`).join(", ")} in "config.model_args"`;
  const hib = (r.higher_is_better && typeof r.higher_is_better === "object" ? r.higher_is_better : {}) as Run["higherIsBetter"];
  const n = config.model_num_parameters;
  return { model, higherIsBetter: hib, parameters: typeof n === "number" && n > 0 ? n : undefined };
}

function str(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

/** The per-request arguments in either layout: {gen_args_0: {arg_0, arg_1}} (0.4) or [[arg_0, arg_1]] (older). */
function requestArgs(args: unknown): unknown[][] {
  if (Array.isArray(args)) return args.map((a) => (Array.isArray(a) ? a : [a]));
  if (!args || typeof args !== "object") return [];
  return Object.values(args as Record<string, unknown>).map((a) => (a && typeof a === "object" ? Object.values(a as Record<string, unknown>) : [a]));
}

function inputOf(doc: unknown, args: unknown[][]): string | undefined {
  if (doc && typeof doc === "object") {
    for (const f of INPUT_FIELDS) {
      const v = (doc as Record<string, unknown>)[f];
      if (typeof v === "string" && v.trim() !== "") return v;
    }
  }
  const prompt = args[0]?.[0];
  return typeof prompt === "string" && prompt.trim() !== "" ? prompt : undefined;
}

/**
 * Multiple-choice tasks log one loglikelihood request per choice (arg_1 = the continuation) and
 * filtered_resps = [[loglikelihood, is_greedy], …]: the output is the most likely continuation.
 * Generation tasks log the generated strings.
 */
function outputOf(filtered: unknown, args: unknown[][]): string | undefined {
  if (!Array.isArray(filtered) || filtered.length === 0) return undefined;
  if (filtered.every((r) => typeof r === "string")) return filtered.join("\n\n");
  const ll = filtered.map((r) => (Array.isArray(r) ? Number(r[0]) : NaN));
  if (ll.every(Number.isFinite) && args.length === ll.length) {
    const best = ll.indexOf(Math.max(...ll));
    const choice = args[best]?.[1];
    if (typeof choice === "string") return choice.trim();
  }
  return JSON.stringify(filtered);
}

/** For multiple choice, a target that is a choice's index names that choice's text. */
function referenceOf(target: unknown, filtered: unknown, args: unknown[][]): string | undefined {
  const t = str(target);
  if (t !== undefined && /^\d+$/.test(t) && Array.isArray(filtered) && filtered.every(Array.isArray)) {
    const choice = args[Number(t)]?.[1];
    if (typeof choice === "string") return choice.trim();
  }
  return t ?? (target === undefined || target === null ? undefined : JSON.stringify(target));
}

function metricValue(v: unknown): number | undefined {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number" && Number.isFinite(v)) return v;
  return undefined;
}

function mapLine(o: Record<string, unknown>, task: string, benchmark: string, run: Run, out: Converted[], origin: Converted["origin"], seen: Set<string>): void {
  const docId = o.doc_id;
  if (typeof docId !== "number" && typeof docId !== "string") {
    out.push({ kind: "error", origin, field: "doc_id", message: docId === undefined ? "is required" : "must be a number or string" });
    return;
  }
  const sample = `${task}/${docId}`;
  const args = requestArgs(o.arguments);
  if (!seen.has(sample)) {
    const input = inputOf(o.doc, args);
    if (input === undefined) {
      out.push({ kind: "error", origin, field: "doc", message: `has no question text (looked for ${INPUT_FIELDS.slice(0, 4).join(", ")}, … and arguments.gen_args_0.arg_0)` });
      return;
    }
    seen.add(sample);
    const record: ConvertedRecord = { type: "sample", id: sample, benchmark, input, metadata: { task, doc_id: docId } };
    const reference = referenceOf(o.target, o.filtered_resps, args);
    if (reference !== undefined) record.reference = reference;
    const docText = JSON.stringify(o.doc ?? null);
    if (docText.length <= MAX_DOC_METADATA_CHARS) record.metadata = { task, doc_id: docId, doc: o.doc };
    out.push({ kind: "record", origin, record });
  }
  const filter = typeof o.filter === "string" && o.filter !== "none" ? o.filter : undefined;
  const names = Array.isArray(o.metrics) ? o.metrics.filter((m): m is string => typeof m === "string") : Object.keys(o).filter((k) => !NOT_METRICS.has(k));
  const output = evidence(outputOf(o.filtered_resps, args));
  for (const name of names) {
    const value = metricValue(o[name]);
    if (value === undefined) {
      out.push({ kind: "skipped", origin, reason: `metric "${name}" has no per-sample number (the harness aggregates it over the corpus)` });
      continue;
    }
    const hib = run.higherIsBetter[task]?.[name];
    out.push({
      kind: "record",
      origin,
      record: {
        type: "score",
        sample,
        model: run.model,
        metric: filter ? `${name},${filter}` : name,
        value,
        ...(hib === false && { higher_is_better: false }),
        ...(output !== undefined && { output }),
      },
    });
  }
}

async function* convertSamples(file: UploadFile, run: Run, benchmark: string | undefined): AsyncGenerator<Converted[]> {
  const { task } = taskOf(file.path);
  const seen = new Set<string>();
  try {
    for await (const lines of fileLines(file)) {
      const out: Converted[] = [];
      for (const l of lines) {
        const origin = { file: file.path, line: l.line };
        if ("error" in l) {
          out.push({ kind: "error", origin, field: null, message: l.error });
          continue;
        }
        let o: unknown;
        try {
          o = JSON.parse(l.text);
        } catch (err) {
          out.push({ kind: "error", origin, field: null, message: `invalid JSON: ${(err as Error).message.slice(0, 120)}` });
          continue;
        }
        if (!o || typeof o !== "object" || Array.isArray(o)) out.push({ kind: "error", origin, field: null, message: "must be a JSON object" });
        else mapLine(o as Record<string, unknown>, task, benchmark ?? task, run, out, origin, seen);
      }
      if (out.length) yield out;
    }
  } catch (err) {
    yield [fileProblem(file, err, EXPECTS)];
  }
}

/** The results file of a samples file: same folder, same date if there is one, else the folder's only one. */
function resultsFor(samples: UploadFile, all: readonly UploadFile[]): UploadFile | undefined {
  const dir = dirName(samples.path);
  const here = all.filter((f) => dirName(f.path) === dir && RESULTS.test(baseName(f.path)));
  const { date } = taskOf(samples.path);
  return here.find((f) => date !== undefined && RESULTS.exec(baseName(f.path))?.[1] === date) ?? (here.length === 1 ? here[0] : undefined);
}

export const lmEval: Converter = {
  format: "lm-eval",
  expects: EXPECTS,
  async *convert(files: readonly UploadFile[], options: ConvertOptions = {}) {
    const samples = files.filter((f) => isSamplesFile(f.path));
    if (samples.length === 0) {
      yield [fileError(files[0]?.path ?? "upload", `expected ${EXPECTS}; found no samples_<task>_<date>.jsonl file`)];
      return;
    }
    const runs = new Map<UploadFile, Run>();
    const described = new Set<string>();
    for (const file of samples) {
      const resultsFile = resultsFor(file, files);
      let run = runs.get(resultsFile ?? file);
      if (!run) {
        let results: unknown = undefined;
        if (resultsFile) {
          try {
            results = await readJsonFile(resultsFile);
          } catch (err) {
            yield [fileProblem(resultsFile, err, EXPECTS)];
            continue;
          }
        }
        const found = runOf(results, options.model);
        if (typeof found === "string") {
          const message = resultsFile
            ? `${resultsFile.path} ${found}`
            : "has no results_<date>.json beside it to name the model; upload the run's folder as a bundle or give the model name";
          yield [fileError(file.path, message)];
          continue;
        }
        run = found;
        runs.set(resultsFile ?? file, run);
      }
      if (run.parameters !== undefined && !described.has(run.model)) {
        described.add(run.model);
        const origin = { file: resultsFile?.path ?? file.path };
        yield [{ kind: "record", origin, record: { type: "model", id: run.model, parameters_b: run.parameters / 1e9 } }];
      }
      yield* convertSamples(file, run, options.benchmark);
    }
  },
};
