// Byte sources of a results file: a path, a Node Readable, a web ReadableStream or bytes in memory.
// Gzip is recognised by its magic bytes (1f 8b), never by the file name.
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { createGunzip } from "node:zlib";

export type ByteSource = Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Uint8Array;

/** The gzip magic bytes, RFC 1952 §2.3.1. */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

export function toAsyncIterable(source: ByteSource): AsyncIterable<Uint8Array> {
  if (source instanceof Uint8Array) {
    return (async function* () {
      yield source;
    })();
  }
  if (typeof (source as ReadableStream<Uint8Array>).getReader === "function" && !(source instanceof Readable)) {
    return Readable.fromWeb(source as unknown as NodeWebReadableStream<Uint8Array>);
  }
  return source as AsyncIterable<Uint8Array>;
}

export function fileSource(path: string): Readable {
  return createReadStream(path, { highWaterMark: 256 * 1024 });
}

/** Counts the bytes that pass (the compressed size, for progress). */
export async function* countBytes(source: AsyncIterable<Uint8Array>, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    onBytes(chunk.byteLength);
    yield chunk;
  }
}

/** A file-level problem (not one line's): corrupt gzip, a failing read. */
export class SourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SourceError";
  }
}

/** The chunks a peek has read, then the rest of the iterator: the whole stream again from its start. */
export async function* replayed(seen: readonly Uint8Array[], it: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield* seen;
  for (;;) {
    const r = await it.next();
    if (r.done) return;
    yield r.value;
  }
}

/** Yields the decompressed bytes when the stream starts with the gzip magic, else the bytes as they come. */
export async function* decompressed(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  let head: Buffer = Buffer.alloc(0);
  while (head.length < 2) {
    const r = await it.next();
    if (r.done) break;
    head = head.length ? Buffer.concat([head, r.value]) : Buffer.from(r.value);
  }
  const rest = () => replayed(head.length ? [head] : [], it);
  if (!isGzip(head)) {
    yield* rest();
    return;
  }
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  // Errors of either side end up on `gunzip`, where the loop below sees them.
  pipeline(Readable.from(rest(), { objectMode: false }), gunzip).catch(() => undefined);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code?.startsWith("Z_") || e.code === "ERR_STREAM_PREMATURE_CLOSE") {
      throw new SourceError(`the gzip data is corrupt or truncated (${e.message})`);
    }
    throw err;
  }
}
