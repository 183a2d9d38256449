// Received bodies are spooled into the database (upload_chunks), as they arrive, so that a large
// upload can be answered 202 at once and imported by any worker on any host. One pass over the
// body does everything the receipt needs: the size cap on what is read, the chunks written, and —
// inflating gzip on the fly — the inflated size, its caps (decompression bombs) and the content
// hash (the identity of "the same file uploaded twice", gzipped or not).
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { insertUploadChunk, readUploadChunk } from "@/lib/db/queries/upload-chunks";
import { touchQueued } from "@/lib/db/queries/upload-lease";
import { InflateGuard, type InflateLimits } from "./inflate-guard";
import { decompressed, SourceError, toAsyncIterable, type ByteSource } from "./source";

/** Bytes per spooled row: one short INSERT each, backpressure on the sender in between. */
export const SPOOL_CHUNK_BYTES = 1024 * 1024;
/** A slow sender's upload is kept from looking abandoned (recovery: 30 s without a heartbeat). */
const TOUCH_EVERY_MS = 5000;

export interface SpoolLimits extends InflateLimits {
  /** Largest body as received (compressed when gzipped), bytes. */
  maxBytes: number;
}

export interface Spooled {
  /** Size as received. */
  bytes: number;
  /** Size of the content (inflated when gzipped; equal to `bytes` otherwise). */
  inflatedBytes: number;
  /** sha256 of the inflated content; null when the gzip data is corrupt (processing reports it). */
  sha256: string | null;
}

/** Reads `body` into upload `id`'s chunks, applying every cap while reading. */
export async function spoolBody(id: string, body: ByteSource, limits: SpoolLimits): Promise<Spooled> {
  const source = toAsyncIterable(body)[Symbol.asyncIterator]();
  let bytes = 0;
  let n = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let touched = Date.now();
  const flush = async () => {
    if (!pendingBytes) return;
    const chunk = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await insertUploadChunk(id, n++, chunk);
  };
  // Manual next() (not for-await), so that the inflater giving up on corrupt data does not close
  // the request body: its remaining bytes are still spooled.
  async function* received(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const r = await source.next().catch((err: Error) => {
        if (err instanceof ApiError) throw err;
        throw new ApiError("bad_request", `the body ended before it was complete (${err.message}); nothing was stored`);
      });
      if (r.done) return;
      bytes += r.value.byteLength;
      if (bytes > limits.maxBytes) throw new ApiError("payload_too_large", `the file is larger than the limit of ${limits.maxBytes} bytes (UPLOAD_MAX_BYTES)`);
      pending.push(Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength));
      pendingBytes += r.value.byteLength;
      if (pendingBytes >= SPOOL_CHUNK_BYTES) await flush();
      if (Date.now() - touched > TOUCH_EVERY_MS) {
        touched = Date.now();
        await touchQueued(id);
      }
      yield r.value;
    }
  }
  const guard = new InflateGuard(limits);
  const hash = createHash("sha256");
  let corrupt = false;
  try {
    for await (const chunk of decompressed(received())) {
      guard.add(chunk.byteLength, bytes);
      hash.update(chunk);
    }
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    corrupt = true;
    const rest = received();
    while (!(await rest.next()).done);
  }
  await flush();
  return { bytes, inflatedBytes: corrupt ? bytes : guard.inflated, sha256: corrupt ? null : hash.digest("hex") };
}

/**
 * Pieces the import reads at a time, as from a file: the parser hands over what one piece holds, so
 * this bounds the lines between two checks of the writer's batch size (and two heartbeats).
 */
const READ_BYTES = 256 * 1024;

/** An upload's spooled body, a row at a time: the byte source its import reads (any host). */
export async function* spooledBody(id: string): AsyncGenerator<Uint8Array> {
  for (let n = 0; ; n++) {
    const chunk = await readUploadChunk(id, n);
    if (!chunk) return;
    for (let at = 0; at < chunk.length; at += READ_BYTES) yield chunk.subarray(at, at + READ_BYTES);
  }
}
