// Inspect AI eval logs (UKGovernmentBEIS/inspect_ai, inspect_ai/log/_log.py): a JSON object
// {version, status, eval {task, model, …}, plan, results, stats, samples [...], reductions}, or
// the same split into the entries of a `.eval` archive (header.json + samples/<id>_epoch_<n>.json).
// Each sample {id, epoch, input, target, output, scores {scorer: {value, answer, explanation}},
// metadata, attachments} → one `sample` and one `score` per scorer. Values are read as Inspect's
// value_to_float reads them (scorer/_metric.py): C = 1, P = 0.5, I = N = 0, yes/true = 1,
// no/false = 0, numeric strings; a dict value gives one metric per key ("scorer/key").
// A run of several epochs (eval.config.epochs > 1) holds one value per sample, model and metric
// all the same: the one Inspect reduced the epochs to (`reductions`, a list of {scorer, reducer,
// samples [{sample_id, value}]}; reductions.json in a .eval archive), else the mean of the epochs'
// values (Inspect's default reducer); the output shown is the first epoch's.
import { contentText, evidence } from "./evidence";
import { baseName, fileJson, fileProblem, readJsonFile } from "./files";
import { fileError, type Converted, type ConvertedRecord, type Converter, type ConvertOptions, type Origin, type UploadFile } from "./records";

const EXPECTS = 'an Inspect AI eval log: a JSON object with "eval" (task, model) and "samples", or a .eval archive\'s header.json and samples/*.json';
const LETTERS: Record<string, number> = { C: 1, P: 0.5, I: 0, N: 0 };
const WORDS: Record<string, number> = { yes: 1, true: 1, no: 0, false: 0 };

interface Run {
  model: string;
  benchmark: string;
  /** eval.config.epochs: more than 1, the scores are held until the run's reductions are read (EpochScores) */
  epochs: number;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

function runOf(evalSpec: unknown, options: ConvertOptions): Run | string {
  if (!isObj(evalSpec)) return '"eval" must be an object';
  const model = options.model ?? evalSpec.model;
  const task = options.benchmark ?? evalSpec.task;
  if (typeof model !== "string" || model.trim() === "") return '"eval.model" is required';
  if (typeof task !== "string" || task.trim() === "") return '"eval.task" is required';
  const epochs = isObj(evalSpec.config) && typeof evalSpec.config.epochs === "number" ? evalSpec.config.epochs : 1;
  return { model: model.trim(), benchmark: task.trim(), epochs };
}

/** Reduced values by scorer, then by sample id (as a string): a run's `reductions`. */
type Reductions = Map<string, Map<string, unknown>>;

/**
 * A log's reductions by scorer. A scorer reduced several ways (epochs_reducer ["mean", "max"])
 * keeps one: "mean" where it is among them (Inspect's default), else the first listed.
 */
function reductionsOf(value: unknown): Reductions {
  const out: Reductions = new Map();
  const reducerOf = new Map<string, unknown>();
  for (const r of Array.isArray(value) ? value : []) {
    if (!isObj(r) || typeof r.scorer !== "string" || !Array.isArray(r.samples)) continue;
    if (out.has(r.scorer) && (reducerOf.get(r.scorer) === "mean" || r.reducer !== "mean")) continue;
    const bySample = new Map<string, unknown>();
    for (const sc of r.samples) if (isObj(sc) && (typeof sc.sample_id === "string" || typeof sc.sample_id === "number")) bySample.set(String(sc.sample_id), sc.value);
    out.set(r.scorer, bySample);
    reducerOf.set(r.scorer, r.reducer);
  }
  return out;
}

/** The score line of one sample, scorer (or scorer/key) and value, with the output shown beside it. */
function scoreRecord(run: Run, sample: string, metric: string, value: number, output: string | undefined): ConvertedRecord {
  return { type: "score", sample, model: run.model, metric, value, ...(output !== undefined && { output }) };
}

interface HeldSample {
  id: string;
  epoch: number;
  origin: Origin;
  output: string | undefined;
  /** per metric ("scorer" or "scorer/key"), its scorer, dict key and each epoch's value */
  metrics: Map<string, { scorer: string; key: string | null; values: number[] }>;
}

/**
 * The scores of a run of several epochs, held per sample until its reductions are known (they
 * follow the samples in a log), then one score per sample and metric: the reduced value where
 * Inspect reduced it to a number, else the mean of the epochs' values.
 */
class EpochScores {
  private readonly held = new Map<string, HeldSample>();

  add(sample: string, id: string, epoch: number, origin: Origin, output: string | undefined, metric: string, scorer: string, key: string | null, value: number): void {
    let h = this.held.get(sample);
    if (!h) this.held.set(sample, (h = { id, epoch, origin, output, metrics: new Map() }));
    if (epoch < h.epoch) Object.assign(h, { epoch, origin, output });
    const m = h.metrics.get(metric) ?? { scorer, key, values: [] };
    m.values.push(value);
    h.metrics.set(metric, m);
  }

  finish(run: Run, reductions: Reductions): Converted[] {
    const out: Converted[] = [];
    for (const [sample, h] of this.held) {
      for (const [metric, m] of h.metrics) {
        const reduced = reductions.get(m.scorer)?.get(h.id);
        const part = m.key === null ? reduced : isObj(reduced) ? reduced[m.key] : undefined;
        const n = scoreNumber(part);
        const value = n !== undefined && !Number.isNaN(n) ? n : m.values.reduce((a, b) => a + b, 0) / m.values.length;
        out.push({ kind: "record", origin: h.origin, record: scoreRecord(run, sample, metric, value, h.output) });
      }
    }
    this.held.clear();
    return out;
  }
}

/** A score value as a number: undefined when there is none (unscored), NaN when it cannot be read. */
export function scoreNumber(v: unknown): number | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v !== "string") return NaN;
  if (v in LETTERS) return LETTERS[v];
  const word = WORDS[v.toLowerCase()];
  if (word !== undefined) return word;
  return v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : NaN;
}

function textOf(value: unknown, attachments: Obj): string {
  const resolve = (t: string) => (t.startsWith("attachment://") && typeof attachments[t.slice(13)] === "string" ? (attachments[t.slice(13)] as string) : t);
  if (typeof value === "string") return resolve(value);
  if (!Array.isArray(value)) return "";
  // A list of chat messages (the input) or of content parts (a message's content).
  const isMessages = value.some((m) => isObj(m) && "role" in m);
  const parts = isMessages ? value.filter((m) => isObj(m) && m.role === "user").map((m) => (m as Obj).content) : [value];
  return parts
    .map((c) => (Array.isArray(c) ? contentText(c.map((p) => (isObj(p) && typeof p.text === "string" ? { ...p, text: resolve(p.text) } : p))) : textOf(c, attachments)))
    .filter((t) => t.trim() !== "")
    .join("\n\n");
}

function outputOf(output: unknown, attachments: Obj): string | undefined {
  if (!isObj(output)) return undefined;
  if (typeof output.completion === "string") return textOf(output.completion, attachments);
  const choice = Array.isArray(output.choices) ? output.choices[0] : undefined;
  return isObj(choice) && isObj(choice.message) ? textOf(choice.message.content, attachments) : undefined;
}

/** One sample of one epoch: its `sample` line (first seen), its scores (to `held` when the run has several epochs). */
function mapSample(s: unknown, origin: Origin, run: Run, seen: Set<string>, out: Converted[], held: EpochScores | null): void {
  if (!isObj(s)) return void out.push({ kind: "error", origin, field: null, message: "must be a JSON object" });
  if (typeof s.id !== "string" && typeof s.id !== "number") return void out.push({ kind: "error", origin, field: "id", message: "must be a string or number" });
  const epoch = typeof s.epoch === "number" ? s.epoch : 1;
  if (!held && epoch !== 1) return void out.push({ kind: "skipped", origin, reason: `epoch ${epoch} of a run that says it has one (eval.config.epochs): only epoch 1 is converted` });
  const attachments = isObj(s.attachments) ? s.attachments : {};
  const sample = `${run.benchmark}/${s.id}`;
  if (!seen.has(sample)) {
    const input = textOf(s.input, attachments);
    if (input.trim() === "") return void out.push({ kind: "error", origin, field: "input", message: "has no user text" });
    seen.add(sample);
    const record: ConvertedRecord = { type: "sample", id: sample, benchmark: run.benchmark, input };
    const target = Array.isArray(s.target) ? s.target.filter((t) => typeof t === "string").join("\n") : s.target;
    if (typeof target === "string" && target !== "") record.reference = target;
    const metadata: Obj = { ...(isObj(s.metadata) ? s.metadata : {}), ...(Array.isArray(s.choices) && { choices: s.choices }) };
    if (Object.keys(metadata).length) record.metadata = metadata;
    out.push({ kind: "record", origin, record });
  }
  const output = evidence(outputOf(s.output, attachments));
  const score = (scorer: string, key: string | null, value: number) => {
    const metric = key === null ? scorer : `${scorer}/${key}`;
    if (held) held.add(sample, String(s.id), epoch, origin, output, metric, scorer, key, value);
    else out.push({ kind: "record", origin, record: scoreRecord(run, sample, metric, value, output) });
  };
  for (const [scorer, sc] of Object.entries(isObj(s.scores) ? s.scores : {})) {
    const value = isObj(sc) ? sc.value : undefined;
    if (isObj(value)) {
      for (const [key, v] of Object.entries(value)) {
        const n = scoreNumber(v);
        if (n === undefined || Number.isNaN(n)) out.push({ kind: "skipped", origin, reason: `score "${scorer}" part "${key}" is not a number (${JSON.stringify(v)?.slice(0, 40)})` });
        else score(scorer, key, n);
      }
      continue;
    }
    if (Array.isArray(value)) {
      out.push({ kind: "skipped", origin, reason: `score "${scorer}" is a list; only numbers, letters and dicts map to metrics` });
      continue;
    }
    const n = scoreNumber(value);
    if (n === undefined) out.push({ kind: "skipped", origin, reason: `score "${scorer}" is unscored (value null)` });
    else if (Number.isNaN(n)) {
      const got = JSON.stringify(value)?.slice(0, 60);
      out.push({ kind: "error", origin, field: `scores.${scorer}.value`, message: `must be a number, true/false, yes/no or C/P/I/N (got ${got})` });
    } else score(scorer, null, n);
  }
}

async function* convertLog(file: UploadFile, options: ConvertOptions, seen: Set<string>): AsyncGenerator<Converted[]> {
  let run: Run | undefined;
  let held: EpochScores | null = null;
  let reductions: Reductions = new Map();
  try {
    for await (const items of fileJson(file, { streamKeys: new Set(["samples"]) })) {
      const out: Converted[] = [];
      for (const item of items) {
        if (item.kind === "start" && item.container !== "object") {
          yield [fileError(file.path, `expected ${EXPECTS}; found a JSON array`)];
          return;
        }
        if (item.kind === "member" && item.key === "eval") {
          const found = runOf(item.value, options);
          if (typeof found === "string") {
            yield [fileError(file.path, found)];
            return;
          }
          run = found;
          if (run.epochs > 1) held = new EpochScores();
        }
        if (item.kind === "member" && item.key === "reductions") reductions = reductionsOf(item.value);
        if (item.kind !== "element" && item.kind !== "bad-element") continue;
        if (!run) {
          yield [fileError(file.path, `"samples" comes before "eval"; expected ${EXPECTS}`)];
          return;
        }
        const origin = { file: file.path, index: item.index };
        if (item.kind === "bad-element") out.push({ kind: "error", origin, field: null, message: item.message });
        else mapSample(item.value, origin, run, seen, out, held);
      }
      if (out.length) yield out;
    }
  } catch (err) {
    yield [fileProblem(file, err, EXPECTS)];
    return;
  }
  if (!run) yield [fileError(file.path, `has no "eval"; expected ${EXPECTS}`)];
  else if (held) yield held.finish(run, reductions);
}

/** The entries of a .eval archive: header.json for the run, one JSON file per sample. */
async function* convertArchive(files: readonly UploadFile[], options: ConvertOptions, seen: Set<string>): AsyncGenerator<Converted[]> {
  const header = files.find((f) => baseName(f.path) === "header.json")!;
  let run: Run | string;
  try {
    run = runOf(((await readJsonFile(header)) as Obj | null)?.eval, options);
  } catch (err) {
    yield [fileProblem(header, err, EXPECTS)];
    return;
  }
  if (typeof run === "string") {
    yield [fileError(header.path, run)];
    return;
  }
  const held = run.epochs > 1 ? new EpochScores() : null;
  for (const file of files.filter((f) => /(^|\/)samples\/[^/]+\.json$/.test(f.path))) {
    const out: Converted[] = [];
    try {
      mapSample(await readJsonFile(file), { file: file.path }, run, seen, out, held);
    } catch (err) {
      out.push(fileProblem(file, err, EXPECTS));
    }
    yield out;
  }
  if (!held) return;
  const reductionsFile = files.find((f) => baseName(f.path) === "reductions.json");
  let reductions: Reductions = new Map();
  if (reductionsFile) {
    try {
      reductions = reductionsOf(await readJsonFile(reductionsFile));
    } catch (err) {
      yield [fileProblem(reductionsFile, err, EXPECTS)];
      return;
    }
  }
  yield held.finish(run, reductions);
}

export const inspect: Converter = {
  format: "inspect",
  expects: EXPECTS,
  async *convert(files: readonly UploadFile[], options: ConvertOptions = {}) {
    const seen = new Set<string>();
    if (files.some((f) => baseName(f.path) === "header.json")) {
      yield* convertArchive(files, options, seen);
      return;
    }
    for (const file of files) yield* convertLog(file, options, seen);
  },
};
