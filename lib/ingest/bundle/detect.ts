// Is an upload a bundle? By content, never by name: a zip starts with a local file header
// ("PK\3\4", or "PK\5\6" when empty); a tar has "ustar" at byte 257 of its first header (POSIX
// 1003.1-1988), after gzip when the upload starts with gzip's magic bytes.
import { constants, gunzipSync } from "node:zlib";
import { isGzip } from "../source";

export type BundleKind = "zip" | "tar";

/** Bytes of the start of the upload (decompressed when gzipped) needed to decide. */
export const BUNDLE_HEAD_BYTES = 512;

function hasUstar(bytes: Uint8Array): boolean {
  return bytes.length >= 262 && Buffer.from(bytes.subarray(257, 262)).toString("latin1") === "ustar";
}

export function bundleKind(head: Uint8Array): BundleKind | null {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6))) return "zip";
  if (hasUstar(head)) return "tar";
  if (isGzip(head)) {
    try {
      if (hasUstar(gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH }))) return "tar";
    } catch {
      return null;
    }
  }
  return null;
}
