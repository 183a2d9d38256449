// Ids of converted samples and pairwise lines that stay the same when the same tool file (or a
// grown version of it) is converted again, so a re-import updates or skips instead of adding.
import { createHash } from "node:crypto";

/**
 * `prefix/` + 20 hex digits (80 bits) of SHA-256 over the JSON of `parts`: a collision among a
 * million ids has probability ~4e-13.
 */
export function stableId(prefix: string, parts: readonly unknown[]): string {
  return `${prefix}/${createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 20)}`;
}
