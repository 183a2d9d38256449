// Reading one file of an upload: gzip undone by its magic bytes (../source.ts), then split into
// numbered lines (../lines.ts) or JSON elements (json-stream.ts). Small side files (a run's
// results or spec) are read whole, with a bound.
import { splitLines, type RawLine } from "../lines";
import { decompressed, replayed, SourceError, toAsyncIterable } from "../source";
import { JsonShapeError, streamJson, type JsonItem, type JsonStreamOptions } from "./json-stream";
import { fileError, type Converted, type Origin, type UploadFile } from "./records";

export function fileBytes(file: UploadFile): AsyncIterable<Uint8Array> {
  return decompressed(toAsyncIterable(file.open()));
}

export function fileLines(file: UploadFile): AsyncGenerator<RawLine[]> {
  return splitLines(fileBytes(file));
}

export function fileJson(file: UploadFile, options?: JsonStreamOptions): AsyncGenerator<JsonItem[]> {
  return streamJson(fileBytes(file), options);
}

/** A side file that cannot be read (too large, not JSON): the upload's problem, not a crash. */
export class SideFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SideFileError";
  }
}

/**
 * The error item for a problem of a whole file (broken JSON structure, corrupt gzip, unreadable
 * side file), saying what was expected; anything else is a bug and is thrown on.
 */
export function fileProblem(file: UploadFile, err: unknown, expects: string): Converted {
  if (err instanceof JsonShapeError) return fileError(file.path, `${err.message}; expected ${expects}`);
  if (err instanceof SourceError || err instanceof SideFileError) return fileError(file.path, err.message);
  throw err;
}

/**
 * The first non-blank byte of a file (after gzip and a byte order mark) and the whole byte stream
 * again, for formats that come as a JSON array or as JSON Lines.
 */
export async function firstByte(file: UploadFile): Promise<{ byte: number | undefined; bytes: AsyncIterable<Uint8Array> }> {
  const it = fileBytes(file)[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let byte: number | undefined;
  let pos = 0;
  while (byte === undefined) {
    const r = await it.next();
    if (r.done) break;
    seen.push(r.value);
    for (const c of r.value) {
      const bom = pos < 3 && c === [0xef, 0xbb, 0xbf][pos];
      pos++;
      if (!bom && c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
        byte = c;
        break;
      }
    }
  }
  return { byte, bytes: replayed(seen, it) };
}

export type FileRecord = { origin: Origin; value: unknown } | { origin: Origin; error: string };

/**
 * The records of a file that is either one JSON array (origin: index) or JSON Lines (origin:
 * line), a chunk at a time. Throws JsonShapeError for a broken array, SourceError for bad gzip.
 */
export async function* fileRecords(file: UploadFile): AsyncGenerator<FileRecord[]> {
  const { byte, bytes } = await firstByte(file);
  if (byte === 0x5b) {
    for await (const items of streamJson(bytes)) {
      const out: FileRecord[] = [];
      for (const item of items) {
        if (item.kind === "element") out.push({ origin: { file: file.path, index: item.index }, value: item.value });
        else if (item.kind === "bad-element") out.push({ origin: { file: file.path, index: item.index }, error: item.message });
      }
      if (out.length) yield out;
    }
    return;
  }
  for await (const lines of splitLines(bytes)) {
    yield lines.map((l): FileRecord => {
      const origin = { file: file.path, line: l.line };
      if ("error" in l) return { origin, error: l.error };
      try {
        return { origin, value: JSON.parse(l.text) };
      } catch (err) {
        return { origin, error: `invalid JSON: ${(err as Error).message.slice(0, 120)}` };
      }
    });
  }
}

const MAX_SIDE_FILE_BYTES = 64 * 1024 * 1024;

/** A small JSON file read whole (a run's results_*.json, run_spec.json). */
export async function readJsonFile(file: UploadFile): Promise<unknown> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of fileBytes(file)) {
    size += chunk.byteLength;
    if (size > MAX_SIDE_FILE_BYTES) throw new SideFileError(`${file.path} is larger than ${MAX_SIDE_FILE_BYTES} bytes`);
    parts.push(Buffer.from(chunk));
  }
  const text = Buffer.concat(parts).toString("utf8").replace(/^\uFEFF/, "");
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new SideFileError(`${file.path} is not valid JSON (${(err as Error).message.slice(0, 120)})`);
  }
}

/** The last path segment: "runs/x/scenario_state.json" → "scenario_state.json". */
export function baseName(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? path : path.slice(i + 1);
}

/** The folder of a path inside a bundle ("" at the root). */
export function dirName(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

/**
 * Each file's records (fileRecords: a JSON array or JSON Lines) handed to `map` one by one, a chunk
 * of converted items at a time; a record that is not JSON is its line's error, a broken file the
 * file's (fileProblem, saying `expects`).
 */
export async function* convertRecords(files: readonly UploadFile[], expects: string, map: (value: unknown, origin: Origin, out: Converted[]) => void): AsyncGenerator<Converted[]> {
  for (const file of files) {
    try {
      for await (const records of fileRecords(file)) {
        const out: Converted[] = [];
        for (const r of records) {
          if ("error" in r) out.push({ kind: "error", origin: r.origin, field: null, message: r.error });
          else map(r.value, r.origin, out);
        }
        if (out.length) yield out;
      }
    } catch (err) {
      yield [fileProblem(file, err, expects)];
    }
  }
}
