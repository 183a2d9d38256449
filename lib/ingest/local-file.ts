// A local file named by `npm run import`: read in place, never spooled.
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { decompressed, fileSource, SourceError } from "./source";

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
