// What every converter produces: results-format v1.1 line objects (spec/results-format.md,
// "Version 1.1"), each with the place in the tool's file it came from, so a later rejection can
// name it. Converters never touch the database; the records go through the same validation as
// uploaded JSON Lines.
import type { ModelRecord, PairwiseRecord, SampleRecord, ScoreRecord, UnitTestRecord } from "../types";
import type { ByteSource } from "../source";

export type ScoreLine = ScoreRecord & { output?: string; judge?: string };
export type PairwiseLine = PairwiseRecord & { output_a?: string; output_b?: string; judge?: string };
export type UnitTestLine = UnitTestRecord & { output?: string; judge?: string };

/** A v1.1 `model` line as converters write it. */
export type ModelLine = ModelRecord;

export type ConvertedRecord = SampleRecord | ScoreLine | PairwiseLine | UnitTestLine | ModelLine;

/**
 * Where a record came from: a file of the upload (its path inside a bundle, or the upload's name)
 * and a 1-based `line` (line-based files) or a 0-based `index` (elements of a JSON array).
 * Neither means the file as a whole.
 */
export interface Origin {
  file: string;
  line?: number;
  index?: number;
}

export type Converted =
  | { kind: "record"; origin: Origin; record: ConvertedRecord }
  /**
   * `field` names the tool's field that could not be mapped (null: the record or file as a whole);
   * `wholeFile` marks a problem of the whole file (fileError), which fails an upload even in
   * partial mode (../records.ts).
   */
  | { kind: "error"; origin: Origin; field: string | null; message: string; wholeFile?: true }
  /** Left out on purpose (not annotated, the baseline against itself, …): counted, never rejected. */
  | { kind: "skipped"; origin: Origin; reason: string };

/** One file of an upload: the upload itself, or one entry of a bundle. Opened at most once. */
export interface UploadFile {
  path: string;
  open(): ByteSource;
}

export interface ConvertOptions {
  /** The model's name where the tool's file does not say it (lm-evaluation-harness samples alone). */
  model?: string;
  /** Overrides the benchmark name a converter would derive. */
  benchmark?: string;
  /** HELM: also convert perturbed instances (robustness/fairness), as metrics named after the perturbation. */
  includePerturbations?: boolean;
}

export type FormatName = "alpaca-eval" | "lm-eval" | "helm" | "arena" | "mt-bench" | "inspect" | "csv";

export interface Converter {
  format: FormatName;
  /** What the converter reads, for the error about a file of another shape. */
  expects: string;
  /** Yields converted items a chunk at a time; file-level problems are yielded as errors without line or index. */
  convert(files: readonly UploadFile[], options?: ConvertOptions): AsyncGenerator<Converted[]>;
}

/** "annotations.json [17]", "samples_x.jsonl line 3", "scenario_state.json". */
export function describeOrigin(o: Origin): string {
  if (o.line !== undefined) return `${o.file} line ${o.line}`;
  if (o.index !== undefined) return `${o.file} [${o.index}]`;
  return o.file;
}

/** A problem of a whole file, which fails an upload even in partial mode (../records.ts). */
export function fileError(file: string, message: string): Converted {
  return { kind: "error", origin: { file }, field: null, message, wholeFile: true };
}

/** Whether `c` is a problem of a whole file (fileError), not of one of its records. */
export function isFileError(c: Converted): boolean {
  return c.kind === "error" && c.wholeFile === true;
}
