// The records of one upload, whatever tool wrote its file: the format is taken from `format=` or
// detected from the file's first bytes (lib/ingest/formats/detect.ts); results-format files are
// parsed line by line, other tools' files converted in one streaming pass. Either way every record
// goes through the same validation (validate.ts), numbered by the place in the original file.
import { CONVERTERS, describeOrigin, detectFormat, isFileError, peekHead, type Converted, type FormatName, type Origin, type UploadFile } from "./formats";
import { parseResults, type ParsedLine } from "./parse";
import { decompressed, SourceError } from "./source";
import { validateValue } from "./validate";

/** A parsed line, or a record of another tool's file left out on purpose (counted, never rejected). */
export type ParsedItem = ParsedLine | { line: number; skipped: string };

export interface RecordsOptions {
  /** The file's name (detection looks at it when the content does not say). */
  fileName: string | null;
  /** An explicit format (`format=`, `--format`); default: detected. */
  format: string | null;
}

/**
 * The line a report names: the original file's line, or for elements of a JSON array their 1-based
 * position (the message then says the 0-based index, as the converters' origins do).
 */
function lineOf(o: Origin): number {
  return o.line ?? (o.index === undefined ? 0 : o.index + 1);
}

function toItem(c: Converted): ParsedItem {
  const line = lineOf(c.origin);
  const where = c.origin.index === undefined ? "" : `${describeOrigin(c.origin)}: `;
  if (c.kind === "skipped") return { line, skipped: c.reason };
  // A problem of a whole file (no results json beside a samples file, broken JSON, an empty file) is
  // the upload's, as a corrupt gzip is: it fails even in partial mode, not counted as a rejected line.
  if (c.kind === "error" && isFileError(c)) throw new SourceError(`${describeOrigin(c.origin)}: ${c.message}`);
  // The tool's field, named as the results format's own errors name theirs ("preference" must be …).
  if (c.kind === "error") return { line, error: `${line === 0 ? `${describeOrigin(c.origin)}: ` : where}${c.field ? `"${c.field}" ` : ""}${c.message}` };
  const v = validateValue(c.record);
  if (!v.ok) return { line, error: `${where}${v.message}`, sampleId: v.sampleId };
  return { line, record: v.record };
}

/** Yields the validated items of `bytes` a chunk at a time. Throws SourceError for a file of unknown shape. */
export async function* uploadRecords(bytes: AsyncIterable<Uint8Array>, opts: RecordsOptions): AsyncGenerator<ParsedItem[]> {
  const { head, stream } = await peekHead(decompressed(bytes));
  const path = opts.fileName ?? "upload";
  const d = detectFormat([{ path, head }], opts.format ?? undefined);
  if (!d.ok) {
    // A results file whose first line is broken is still a results file: its lines get their errors.
    if (opts.format === null && (/\.jsonl$/i.test(path.replace(/\.gz$/i, "")) || head.length === 0)) {
      yield* parseResults(stream);
      return;
    }
    throw new SourceError(d.message);
  }
  if (d.format === "results") {
    yield* parseResults(stream);
    return;
  }
  yield* runRecords(d.format, [{ path, open: () => stream }]);
}

/** The validated items of another tool's files (one upload, or the files of a bundle holding a run: lib/ingest/bundle), converted together. */
export async function* runRecords(format: FormatName, files: readonly UploadFile[]): AsyncGenerator<ParsedItem[]> {
  for await (const batch of CONVERTERS[format].convert(files)) yield batch.map(toItem);
}
