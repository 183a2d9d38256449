// Inspect AI eval logs (UKGovernmentBEIS/inspect_ai, inspect_ai/log/_log.py): a JSON object
// {version, status, eval {task, model, …}, plan, results, stats, samples [...], reductions}, or
// the same split into the entries of a `.eval` archive (header.json + samples/<id>_epoch_<n>.json).
// Each sample {id, epoch, input, target, output, scores {scorer: {value, answer, explanation}},
// metadata, attachments} → one `sample` and one `score` per scorer. Values are read as Inspect's
// value_to_float reads them (scorer/_metric.py): C = 1, P = 0.5, I = N = 0, yes/true = 1,
// no/false = 0, numeric strings; a dict value gives one metric per key ("scorer/key").
import { contentText, evidence } from "./evidence";
import { baseName, fileJson, fileProblem, readJsonFile } from "./files";
import { fileError, type Converted, type ConvertedRecord, type Converter, type ConvertOptions, type Origin, type UploadFile } from "./records";

const EXPECTS = 'an Inspect AI eval log: a JSON object with "eval" (task, model) and "samples", or a .eval archive\'s header.json and samples/*.json';
const LETTERS: Record<string, number> = { C: 1, P: 0.5, I: 0, N: 0 };
const WORDS: Record<string, number> = { yes: 1, true: 1, no: 0, false: 0 };

interface Run {
  model: string;
  benchmark: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

function runOf(evalSpec: unknown, options: ConvertOptions): Run | string {
  if (!isObj(evalSpec)) return '"eval" must be an object';
  const model = options.model ?? evalSpec.model;
  const task = options.benchmark ?? evalSpec.task;
  if (typeof model !== "string" || model.trim() === "") return '"eval.model" is required';
  if (typeof task !== "string" || task.trim() === "") return '"eval.task" is required';
  return { model: model.trim(), benchmark: task.trim() };
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

function mapSample(s: unknown, origin: Origin, run: Run, seen: Set<string>, out: Converted[]): void {
  if (!isObj(s)) return void out.push({ kind: "error", origin, field: null, message: "must be a JSON object" });
  if (typeof s.id !== "string" && typeof s.id !== "number") return void out.push({ kind: "error", origin, field: "id", message: "must be a string or number" });
  const epoch = typeof s.epoch === "number" ? s.epoch : 1;
  if (epoch !== 1) return void out.push({ kind: "skipped", origin, reason: `epoch ${epoch}: only epoch 1 is converted (a sample, model and metric hold one value)` });
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
  const score = (metric: string, value: number) =>
    out.push({ kind: "record", origin, record: { type: "score", sample, model: run.model, metric, value, ...(output !== undefined && { output }) } });
  for (const [scorer, sc] of Object.entries(isObj(s.scores) ? s.scores : {})) {
    const value = isObj(sc) ? sc.value : undefined;
    if (isObj(value)) {
      for (const [key, v] of Object.entries(value)) {
        const n = scoreNumber(v);
        if (n === undefined || Number.isNaN(n)) out.push({ kind: "skipped", origin, reason: `score "${scorer}" part "${key}" is not a number (${JSON.stringify(v)?.slice(0, 40)})` });
        else score(`${scorer}/${key}`, n);
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
    } else score(scorer, n);
  }
}

async function* convertLog(file: UploadFile, options: ConvertOptions, seen: Set<string>): AsyncGenerator<Converted[]> {
  let run: Run | undefined;
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
        }
        if (item.kind !== "element" && item.kind !== "bad-element") continue;
        if (!run) {
          yield [fileError(file.path, `"samples" comes before "eval"; expected ${EXPECTS}`)];
          return;
        }
        const origin = { file: file.path, index: item.index };
        if (item.kind === "bad-element") out.push({ kind: "error", origin, field: null, message: item.message });
        else mapSample(item.value, origin, run, seen, out);
      }
      if (out.length) yield out;
    }
  } catch (err) {
    yield [fileProblem(file, err, EXPECTS)];
    return;
  }
  if (!run) yield [fileError(file.path, `has no "eval"; expected ${EXPECTS}`)];
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
  for (const file of files.filter((f) => /(^|\/)samples\/[^/]+\.json$/.test(f.path))) {
    const out: Converted[] = [];
    try {
      mapSample(await readJsonFile(file), { file: file.path }, run, seen, out);
    } catch (err) {
      out.push(fileProblem(file, err, EXPECTS));
    }
    yield out;
  }
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
