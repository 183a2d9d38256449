// Reading one file of an upload: gzip undone by its magic bytes (../source.ts), then split into
// numbered lines (../lines.ts) or JSON elements (json-stream.ts). Small side files (a run's
// results or spec) are read whole, with a bound.
import { splitLines, type RawLine } from "../lines";
import { decompressed, SourceError, toAsyncIterable } from "../source";
import { JsonShapeError, streamJson, type JsonItem, type JsonStreamOptions } from "./json-stream";
import { fileError, type Converted, type UploadFile } from "./records";

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
