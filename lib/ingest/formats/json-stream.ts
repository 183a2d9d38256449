// An incremental splitter for large JSON files (RFC 8259): the elements of a top-level array, or
// the members of a top-level object with chosen array members split element by element. It scans
// bytes for structure only (strings, brackets, commas) and hands each complete element to the
// native JSON.parse, so memory stays at one chunk plus one element whatever the file's size, and
// speed is close to JSON.parse's own. A tokenizing streaming parser (stream-json) would emit an
// event per token in JavaScript, which is several times slower for the same result here.
import { isUtf8 } from "node:buffer";

export type JsonItem =
  /** The top-level container, first item of every stream. */
  | { kind: "start"; container: "array" | "object" }
  /** A member of the top-level object, parsed whole (not one of the streamed keys). */
  | { kind: "member"; key: string; value: unknown }
  /** An element of the top-level array (`key` undefined) or of the streamed member `key`. */
  | { kind: "element"; key?: string; index: number; value: unknown }
  /** An element that is not valid JSON or too large; the stream goes on. */
  | { kind: "bad-element"; key?: string; index: number; message: string };

/** The file is not a JSON array/object, or its structure is broken: nothing after it can be trusted. */
export class JsonShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JsonShapeError";
  }
}

export interface JsonStreamOptions {
  /** Members of a top-level object whose array value is streamed element by element. */
  streamKeys?: ReadonlySet<string>;
  /** Larger elements are reported as bad and skipped without being held whole. */
  maxValueBytes?: number;
}

const DEFAULT_MAX_VALUE_BYTES = 64 * 1024 * 1024;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** A UTF-8 byte order mark, accepted before the value. */
const BOM = [0xef, 0xbb, 0xbf];

type State = "top" | "arrFirst" | "arrValue" | "arrAfter" | "objFirst" | "objKey" | "colon" | "objValue" | "objAfter" | "done";

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Position of `byte` at or after `from`, or `n` (the chunk's end) when there is none. */
function indexOr(buf: Buffer, byte: number, from: number, n: number): number {
  const at = buf.indexOf(byte, from);
  return at < 0 ? n : at;
}

function shown(c: number): string {
  return c >= 0x20 && c < 0x7f ? `"${String.fromCharCode(c)}"` : `byte 0x${c.toString(16).padStart(2, "0")}`;
}

export async function* streamJson(source: AsyncIterable<Uint8Array>, options: JsonStreamOptions = {}): AsyncGenerator<JsonItem[]> {
  const streamKeys = options.streamKeys ?? new Set<string>();
  const maxBytes = options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES;
  let state: State = "top";
  let offset = 0; // bytes before the current chunk, for messages
  let arrayKey: string | undefined; // the streamed member whose array we are in
  let topArray = false;
  let index = 0;
  let key = "";
  // Capture of one value (or key): nesting depth, string state, kept bytes.
  let capturing = false;
  let target: "element" | "member" | "key" = "element";
  let scalar = false; // a number or literal: ends at a delimiter, not at a closing byte
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: Buffer[] = [];
  let size = 0;
  let tooLarge = false;

  const where = (i: number) => `at byte ${offset + i + 1}`;

  for await (const chunk of source) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const out: JsonItem[] = [];
    const n = buf.length;
    let i = 0;
    let capStart = 0;
    let nextQuote = -1;
    let nextBackslash = -1;

    const keep = (end: number) => {
      if (tooLarge || end <= capStart) return;
      size += end - capStart;
      if (size > maxBytes) {
        tooLarge = true;
        parts = [];
        return;
      }
      parts.push(Buffer.from(buf.subarray(capStart, end)));
    };

    const finish = (end: number) => {
      keep(end);
      capturing = false;
      const bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts);
      parts = [];
      const large = tooLarge;
      tooLarge = false;
      size = 0;
      if (target === "key") {
        try {
          key = JSON.parse(bytes.toString("utf8")) as string;
        } catch {
          throw new JsonShapeError(`a member name is not a valid JSON string ${where(0)}`);
        }
        state = "colon";
        return;
      }
      const problem = large ? `is larger than ${maxBytes} bytes` : !isUtf8(bytes) ? "is not valid UTF-8" : null;
      let value: unknown;
      let message = problem;
      if (!problem) {
        try {
          value = JSON.parse(bytes.toString("utf8"));
        } catch (err) {
          message = `is not valid JSON (${(err as Error).message.slice(0, 120)})`;
        }
      }
      if (target === "member") {
        if (message) throw new JsonShapeError(`member "${key}" ${message}`);
        out.push({ kind: "member", key, value });
        state = "objAfter";
        return;
      }
      out.push(message ? { kind: "bad-element", key: arrayKey, index, message } : { kind: "element", key: arrayKey, index, value });
      index++;
      state = "arrAfter";
    };

    const begin = (c: number, what: "element" | "member" | "key") => {
      capturing = true;
      target = what;
      capStart = i;
      depth = c === 0x7b || c === 0x5b ? 1 : 0;
      inString = c === QUOTE;
      scalar = depth === 0 && !inString;
      escaped = false;
      i++;
    };

    while (i < n) {
      if (capturing) {
        if (inString) {
          if (escaped) {
            escaped = false;
            i++;
            continue;
          }
          // Next quote and backslash, each searched again only once passed: a long string with
          // many escapes is scanned once, not once per escape.
          if (nextQuote < i) nextQuote = indexOr(buf, QUOTE, i, n);
          if (nextBackslash < i) nextBackslash = indexOr(buf, BACKSLASH, i, n);
          const q = nextQuote === n ? -1 : nextQuote;
          const stop = q < 0 ? n : q;
          const b = nextBackslash;
          if (b < stop) {
            escaped = true;
            i = b + 1;
            continue;
          }
          if (q < 0) {
            i = n;
            break;
          }
          i = q + 1;
          inString = false;
          if (depth === 0) finish(i);
          continue;
        }
        const c = buf[i];
        if (scalar) {
          if (c === 0x2c || c === 0x5d || c === 0x7d || isSpace(c)) finish(i);
          else i++;
          continue;
        }
        i++;
        if (c === QUOTE) inString = true;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if ((c === 0x7d || c === 0x5d) && --depth === 0) finish(i);
        continue;
      }
      const c = buf[i];
      if (isSpace(c)) {
        i++;
        continue;
      }
      // `finish` (a closure) also moves the state, which flow analysis cannot see.
      const now = state as State;
      switch (now) {
        case "top":
          if (offset + i < 3 && c === BOM[offset + i]) {
            i++;
            break;
          }
          if (c === 0x5b) {
            out.push({ kind: "start", container: "array" });
            topArray = true;
            state = "arrFirst";
          } else if (c === 0x7b) {
            out.push({ kind: "start", container: "object" });
            state = "objFirst";
          } else throw new JsonShapeError(`expected a JSON array or object, found ${shown(c)} ${where(i)}`);
          i++;
          break;
        case "arrFirst":
        case "arrAfter":
          if (c === 0x5d) {
            i++;
            state = topArray ? "done" : "objAfter";
            arrayKey = undefined;
          } else if (now === "arrAfter") {
            if (c !== 0x2c) throw new JsonShapeError(`expected "," or "]" ${where(i)}, found ${shown(c)}`);
            i++;
            state = "arrValue";
          } else begin(c, "element");
          break;
        case "arrValue":
          begin(c, "element");
          break;
        case "objFirst":
        case "objKey":
          if (c === 0x7d && now === "objFirst") {
            i++;
            state = "done";
          } else if (c === QUOTE) begin(c, "key");
          else throw new JsonShapeError(`expected a member name ${where(i)}, found ${shown(c)}`);
          break;
        case "colon":
          if (c !== 0x3a) throw new JsonShapeError(`expected ":" ${where(i)}, found ${shown(c)}`);
          i++;
          state = "objValue";
          break;
        case "objValue":
          if (c === 0x5b && streamKeys.has(key)) {
            arrayKey = key;
            index = 0;
            state = "arrFirst";
            i++;
          } else begin(c, "member");
          break;
        case "objAfter":
          if (c === 0x7d) state = "done";
          else if (c === 0x2c) state = "objKey";
          else throw new JsonShapeError(`expected "," or "}" ${where(i)}, found ${shown(c)}`);
          i++;
          break;
        case "done":
          throw new JsonShapeError(`unexpected data after the end of the JSON value ${where(i)}`);
      }
    }
    if (capturing) keep(n);
    offset += n;
    if (out.length) yield out;
  }
  if (capturing && scalar && depth === 0 && !inString) {
    throw new JsonShapeError("the file ends inside a value");
  }
  if (state === "top") throw new JsonShapeError("the file is empty");
  if (state !== "done" || capturing) {
    const inside = arrayKey !== undefined ? `"${arrayKey}" element ${index}` : topArray ? `element ${index}` : "the top-level object";
    throw new JsonShapeError(`the file ends inside ${inside} (truncated?)`);
  }
}
