// CSV results (RFC 4180, read by csv-parse as a stream): a header naming `sample`, `model`,
// `metric` (or `criterion` for unit tests) and `value`; optional `higher_is_better`, `output`,
// `judge`, and for unit tests `scale_low`/`scale_high`. A row with an `input` (and a `benchmark`,
// from its column or the options) also defines its sample, with `reference` and `task` if given.
// Header names are matched without case or surrounding blanks; other columns are ignored.
import { Readable } from "node:stream";
import { parse, type CsvError, type Info } from "csv-parse";
import { evidence } from "./evidence";
import { fileBytes } from "./files";
import { fileError, type Converted, type ConvertedRecord, type Converter, type ConvertOptions, type Origin, type UploadFile } from "./records";

const EXPECTS = "CSV with a header naming sample, model, metric (or criterion) and value";
const BATCH = 2000;
const BOOLEANS: Record<string, boolean> = { true: true, false: false, "1": true, "0": false, yes: true, no: false };

type Columns = Record<string, number>;

function cell(row: string[], cols: Columns, name: string): string | undefined {
  const i = cols[name];
  const v = i === undefined ? undefined : row[i]?.trim();
  return v === "" ? undefined : v;
}

function numberCell(row: string[], cols: Columns, name: string, origin: Origin, out: Converted[]): number | null | undefined {
  const raw = cell(row, cols, name);
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (Number.isFinite(v)) return v;
  out.push({ kind: "error", origin, field: name, message: `must be a finite number (got ${JSON.stringify(raw.slice(0, 60))})` });
  return null;
}

function mapRow(row: string[], cols: Columns, width: number, origin: Origin, benchmark: string | undefined, seen: Set<string>, out: Converted[]): void {
  if (row.length !== width) {
    out.push({ kind: "error", origin, field: null, message: `has ${row.length} fields; the header has ${width}` });
    return;
  }
  const unitTest = cols.metric === undefined;
  for (const name of ["sample", "model", unitTest ? "criterion" : "metric"]) {
    if (cell(row, cols, name) === undefined) return void out.push({ kind: "error", origin, field: name, message: "is required (the cell is empty)" });
  }
  const value = numberCell(row, cols, "value", origin, out);
  if (value === undefined) return void out.push({ kind: "error", origin, field: "value", message: "is required (the cell is empty)" });
  if (value === null) return;
  const sample = cell(row, cols, "sample")!;
  const input = cell(row, cols, "input");
  if (input !== undefined && !seen.has(sample)) {
    const bench = cell(row, cols, "benchmark") ?? benchmark;
    if (bench === undefined) return void out.push({ kind: "error", origin, field: "benchmark", message: "is required to define a sample (a row with an input)" });
    seen.add(sample);
    const record: ConvertedRecord = { type: "sample", id: sample, benchmark: bench, input };
    const reference = cell(row, cols, "reference");
    const task = cell(row, cols, "task");
    if (reference !== undefined) record.reference = reference;
    if (task !== undefined) record.task = task;
    out.push({ kind: "record", origin, record });
  }
  const model = cell(row, cols, "model")!;
  const output = evidence(cols.output === undefined ? undefined : row[cols.output]);
  const judge = cell(row, cols, "judge");
  const extra = { ...(output !== undefined && { output }), ...(judge !== undefined && { judge }) };
  if (unitTest) {
    const low = numberCell(row, cols, "scale_low", origin, out);
    const high = numberCell(row, cols, "scale_high", origin, out);
    if (low === null || high === null) return;
    const scale: [number, number] | undefined = low !== undefined && high !== undefined ? [low, high] : undefined;
    const criterion = cell(row, cols, "criterion")!;
    out.push({ kind: "record", origin, record: { type: "unit_test", sample, model, criterion, value, ...(scale && { scale }), ...extra } });
    return;
  }
  const hibText = cell(row, cols, "higher_is_better")?.toLowerCase();
  const hib = hibText === undefined ? undefined : BOOLEANS[hibText];
  if (hibText !== undefined && hib === undefined) {
    return void out.push({ kind: "error", origin, field: "higher_is_better", message: `must be true or false (got ${JSON.stringify(hibText.slice(0, 60))})` });
  }
  const metric = cell(row, cols, "metric")!;
  out.push({ kind: "record", origin, record: { type: "score", sample, model, metric, value, ...(hib !== undefined && { higher_is_better: hib }), ...extra } });
}

function headerColumns(header: string[]): Columns | string {
  const cols: Columns = {};
  header.forEach((h, i) => {
    const name = h.trim().toLowerCase();
    if (cols[name] === undefined) cols[name] = i;
  });
  const missing = ["sample", "model", "value"].filter((c) => cols[c] === undefined);
  if (cols.metric === undefined && cols.criterion === undefined) missing.push("metric");
  return missing.length ? `the header lacks ${missing.map((m) => `"${m}"`).join(", ")}` : cols;
}

async function* convertFile(file: UploadFile, benchmark: string | undefined, seen: Set<string>): AsyncGenerator<Converted[]> {
  const parser = Readable.from(fileBytes(file)).pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true }));
  let cols: Columns | undefined;
  let width = 0;
  let lastLine = 0;
  let lastEmpty = 0;
  let out: Converted[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      // csv-parse counts the line a record ends on; it starts after the previous one and any blank lines.
      const origin: Origin = { file: file.path, line: lastLine + 1 + (info.empty_lines - lastEmpty) };
      lastLine = info.lines;
      lastEmpty = info.empty_lines;
      if (!cols) {
        const found = headerColumns(record);
        if (typeof found === "string") {
          yield [fileError(file.path, `${found}; expected ${EXPECTS}`)];
          return;
        }
        cols = found;
        width = record.length;
        continue;
      }
      mapRow(record, cols, width, origin, benchmark, seen, out);
      if (out.length >= BATCH) {
        yield out;
        out = [];
      }
    }
  } catch (err) {
    const e = err as CsvError;
    if (typeof e.code !== "string" || !e.code.startsWith("CSV_")) throw err;
    out.push(fileError(file.path, `line ${e.lines}: ${e.message}`));
  }
  if (!cols && out.length === 0) out.push(fileError(file.path, `the file is empty; expected ${EXPECTS}`));
  if (out.length) yield out;
}

export const csv: Converter = {
  format: "csv",
  expects: EXPECTS,
  async *convert(files: readonly UploadFile[], options: ConvertOptions = {}) {
    const seen = new Set<string>();
    for (const file of files) yield* convertFile(file, options.benchmark, seen);
  },
};
