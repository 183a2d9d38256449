// Which format an upload is in: an explicit `format=` wins; else the files a bundle holds (HELM run
// directories, lm-evaluation-harness sample logs, .eval archive entries); else the first bytes of
// the single file (after gzip): the keys of its first JSON object, or a CSV header; else its name.
import { constants, gunzipSync } from "node:zlib";
import { isGzip, replayed } from "../source";
import { RECORD_TYPES } from "../types";
import { baseName } from "./files";
import type { FormatName } from "./records";

/** "results" is the portal's own JSON Lines format, which needs no conversion. */
export type DetectedFormat = FormatName | "results";
export type Detection = { ok: true; format: DetectedFormat } | { ok: false; message: string };

export const FORMATS: readonly DetectedFormat[] = ["results", "alpaca-eval", "lm-eval", "helm", "arena", "mt-bench", "inspect", "csv"];
/** How much of a file detection looks at. */
export const HEAD_BYTES = 64 * 1024;

const EXPECTED =
  "the results format (JSON Lines with a \"type\" per line), AlpacaEval annotations.json, lm-evaluation-harness samples_<task>_<date>.jsonl, " +
  "a HELM run directory (bundle), Chatbot Arena battles (clean_battle JSON), FastChat MT-Bench judgments, an Inspect AI eval log, or CSV with a sample,model,metric,value header";

export interface Sniffed {
  path: string;
  /** The file's first bytes (up to HEAD_BYTES, gzip or not). */
  head?: Uint8Array;
}

/** Names of the members of the first JSON object in `text` (for a top-level array: of its first element). */
export function firstObjectKeys(text: string): Set<string> {
  const keys = new Set<string>();
  const start = text.search(/\S/);
  const target = text[start] === "[" ? 2 : 1;
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      if (j >= text.length) break;
      if (depth === target && /^\s*:/.test(text.slice(j + 1, j + 16))) {
        try {
          keys.add(JSON.parse(text.slice(i, j + 1)) as string);
        } catch {
          // A key cut by the end of the head or with a broken escape is no evidence either way.
        }
      }
      i = j;
    } else if (c === "{" || c === "[") depth++;
    else if ((c === "}" || c === "]") && --depth < target) break;
  }
  return keys;
}

function headText(head: Uint8Array): string {
  let bytes: Uint8Array = head;
  if (isGzip(head)) {
    try {
      bytes = gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH }).subarray(0, HEAD_BYTES);
    } catch {
      return "";
    }
  }
  return Buffer.from(bytes).toString("utf8").replace(/^\uFEFF/, "");
}

function byKeys(keys: Set<string>): Detection | undefined {
  const has = (...k: string[]) => k.every((x) => keys.has(x));
  const type = keys.has("type");
  if (type && !keys.has("doc_id")) return { ok: true, format: "results" };
  if (has("instruction") && (keys.has("output_1") || keys.has("generator_1"))) return { ok: true, format: "alpaca-eval" };
  if (has("model_a", "model_b", "winner")) return { ok: true, format: "arena" };
  if (has("question_id", "judge") && (has("model", "score") || has("model_1", "model_2", "g1_winner"))) return { ok: true, format: "mt-bench" };
  if (has("doc_id") && (keys.has("filtered_resps") || keys.has("resps") || keys.has("doc"))) return { ok: true, format: "lm-eval" };
  if (has("eval") && (keys.has("samples") || keys.has("status") || keys.has("version"))) return { ok: true, format: "inspect" };
  if (keys.has("request_states") || keys.has("adapter_spec") || has("instance_id", "stats")) {
    return { ok: false, message: "this is one file of a HELM run: upload the run directory as a bundle (.zip or .tar.gz) with scenario_state.json and per_instance_stats.json" };
  }
  if (keys.has("results") && (keys.has("configs") || keys.has("config"))) {
    return { ok: false, message: "an lm-evaluation-harness results file has no per-sample results: upload its samples_<task>_<date>.jsonl files (--log_samples) with it, as a bundle" };
  }
  return undefined;
}

function isCsvHeader(text: string): boolean {
  const cols = new Set((text.split(/\r?\n/, 1)[0] ?? "").split(",").map((c) => c.trim().replace(/^"|"$/g, "").trim().toLowerCase()));
  return ["sample", "model", "value"].every((c) => cols.has(c)) && (cols.has("metric") || cols.has("criterion"));
}

function byName(path: string): DetectedFormat | undefined {
  const name = baseName(path).toLowerCase();
  if (/\.csv(\.gz)?$/.test(name)) return "csv";
  if (/annotations\.json(\.gz)?$/.test(name)) return "alpaca-eval";
  if (/^samples_.+\.jsonl(\.gz)?$/.test(name)) return "lm-eval";
  if (/^clean_battle.*\.json(l)?(\.gz)?$/.test(name)) return "arena";
  return undefined;
}

export function detectFormat(files: readonly Sniffed[], explicit?: string): Detection {
  if (explicit !== undefined) {
    return (FORMATS as readonly string[]).includes(explicit)
      ? { ok: true, format: explicit as DetectedFormat }
      : { ok: false, message: `format must be one of ${FORMATS.map((f) => `"${f}"`).join(", ")} (got ${JSON.stringify(explicit).slice(0, 60)})` };
  }
  const names = files.map((f) => baseName(f.path));
  // One file alone is judged by its content below, which says what the rest of a run would be.
  if (files.length > 1 && names.includes("scenario_state.json")) return { ok: true, format: "helm" };
  if (files.some((f) => /^samples_.+\.jsonl(\.gz)?$/.test(baseName(f.path)))) return { ok: true, format: "lm-eval" };
  if (names.includes("header.json") && files.some((f) => /(^|\/)samples\/[^/]+\.json$/.test(f.path))) return { ok: true, format: "inspect" };
  if (files.length !== 1) {
    const results = files.filter((f) => /\.jsonl(\.gz)?$/.test(f.path));
    if (results.length === 1) return { ok: true, format: "results" };
    return { ok: false, message: `cannot tell the format of a bundle of ${files.length} files; expected ${EXPECTED}` };
  }
  const [file] = files;
  const head = file.head ?? new Uint8Array();
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    return { ok: false, message: "this is a zip archive (a bundle or an Inspect .eval log): open it as a bundle to convert its entries" };
  }
  const text = headText(head);
  const first = text.trimStart()[0];
  if (first === "[" || first === "{") {
    const found = byKeys(firstObjectKeys(text));
    if (found) return found;
  } else if (text !== "" && isCsvHeader(text)) return { ok: true, format: "csv" };
  const named = byName(file.path);
  if (named) return { ok: true, format: named };
  const types = RECORD_TYPES.map((t) => `"${t}"`).join(", ");
  return { ok: false, message: `cannot tell the format of ${file.path}; expected ${EXPECTED} (a results line's "type" is one of ${types})` };
}

/** The first bytes of a stream for detection, and the whole stream again for the converter. */
export async function peekHead(source: AsyncIterable<Uint8Array>, bytes = HEAD_BYTES): Promise<{ head: Uint8Array; stream: AsyncIterable<Uint8Array> }> {
  const it = source[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let size = 0;
  while (size < bytes) {
    const r = await it.next();
    if (r.done) break;
    seen.push(r.value);
    size += r.value.byteLength;
  }
  return { head: Buffer.concat(seen).subarray(0, bytes), stream: replayed(seen, it) };
}
