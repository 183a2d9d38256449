// Received bodies are written to disk before processing (DATA_DIR/uploads/<id>.jsonl[.gz]), so a
// large upload can be answered 202 at once and finished by a background job or the worker, and an
// interrupted one can be found and cleaned up.
import { createHash } from "node:crypto";
import { createWriteStream, mkdirSync, renameSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { decompressed, fileSource, isGzip, SourceError, toAsyncIterable, type ByteSource } from "./source";

export function spoolDir(): string {
  return path.resolve(env().DATA_DIR, "uploads");
}

/** Writes the body to the spool, refusing more than `maxBytes`. Returns the final path and size. */
export async function spoolBody(id: string, body: ByteSource, maxBytes: number): Promise<{ path: string; bytes: number }> {
  const dir = spoolDir();
  mkdirSync(dir, { recursive: true });
  const partPath = path.join(dir, `${id}.part`);
  const out = createWriteStream(partPath);
  let bytes = 0;
  let head: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of toAsyncIterable(body)) {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) throw new ApiError("payload_too_large", `the file is larger than the limit of ${maxBytes} bytes (UPLOAD_MAX_BYTES)`);
      if (head.length < 2) head = Buffer.concat([head, Buffer.from(chunk.buffer, chunk.byteOffset, Math.min(chunk.byteLength, 2))]);
      if (!out.write(chunk)) await once(out, "drain");
    }
    out.end();
    await once(out, "finish");
  } catch (err) {
    out.destroy();
    rmSync(partPath, { force: true });
    throw err;
  }
  const finalPath = path.join(dir, `${id}.jsonl${isGzip(head) ? ".gz" : ""}`);
  renameSync(partPath, finalPath);
  return { path: finalPath, bytes };
}

/**
 * sha256 of the decompressed content: the identity of "the same file uploaded twice", whether sent
 * gzipped or not. Null when the gzip data is corrupt (processing reports that).
 */
export async function contentSha256(filePath: string): Promise<string | null> {
  const hash = createHash("sha256");
  try {
    for await (const chunk of decompressed(fileSource(filePath))) hash.update(chunk);
  } catch (err) {
    if (err instanceof SourceError) return null;
    throw err;
  }
  return hash.digest("hex");
}

export async function fileSize(filePath: string): Promise<number> {
  const fh = await open(filePath, "r");
  try {
    return (await fh.stat()).size;
  } finally {
    await fh.close();
  }
}
