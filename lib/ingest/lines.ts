// Splits a byte stream into numbered lines without holding more than one line (≤ MAX_LINE_BYTES)
// in memory: an over-long line is skipped to its end and reported, never buffered whole.
import { isUtf8 } from "node:buffer";
import { MAX_LINE_BYTES } from "./limits";

export type RawLine = { line: number; text: string } | { line: number; error: string };

const NL = 0x0a;
const CR = 0x0d;

/** Offset of the first byte that breaks UTF-8 (RFC 3629 §4), for the error message. */
function firstInvalidUtf8(b: Buffer): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    const n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    if (n === 0) return i;
    for (let k = 1; k <= n; k++) if (i + k >= b.length || (b[i + k] & 0xc0) !== 0x80) return i;
    const c1 = b[i + 1];
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f) || (c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) return i;
    i += n + 1;
  }
  return 0;
}

function isBlank(text: string): boolean {
  return text.trim() === "";
}

/**
 * Yields the lines of each incoming chunk as one array (few awaits per megabyte). Blank lines are
 * not yielded but keep their numbers. A UTF-8 byte order mark is accepted at the start of the file
 * only; CRLF line ends are accepted.
 */
export async function* splitLines(source: AsyncIterable<Uint8Array>, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<RawLine[]> {
  let parts: Buffer[] = [];
  let partBytes = 0;
  let tooLong = false;
  let lineNo = 0;

  const decode = (): RawLine | null => {
    if (tooLong) return { line: lineNo, error: `the line is longer than ${maxLineBytes} bytes` };
    let buf = parts.length === 1 ? parts[0] : Buffer.concat(parts, partBytes);
    if (buf.length && buf[buf.length - 1] === CR) buf = buf.subarray(0, buf.length - 1);
    if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
      if (lineNo > 1) return { line: lineNo, error: "starts with a byte order mark (U+FEFF); only the file's first line may" };
      buf = buf.subarray(3);
    }
    if (!isUtf8(buf)) {
      const at = firstInvalidUtf8(buf);
      return { line: lineNo, error: `is not valid UTF-8 (byte 0x${buf[at].toString(16).padStart(2, "0")} at column ${at + 1})` };
    }
    const text = buf.toString("utf8");
    return isBlank(text) ? null : { line: lineNo, text };
  };

  const finish = (out: RawLine[]) => {
    lineNo++;
    const line = decode();
    if (line) out.push(line);
    parts = [];
    partBytes = 0;
    tooLong = false;
  };

  const append = (seg: Buffer) => {
    if (tooLong || seg.length === 0) return;
    if (partBytes + seg.length > maxLineBytes) {
      tooLong = true;
      parts = [];
      partBytes = 0;
      return;
    }
    parts.push(seg);
    partBytes += seg.length;
  };

  for await (const chunk of source) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const out: RawLine[] = [];
    let pos = 0;
    for (;;) {
      const nl = buf.indexOf(NL, pos);
      if (nl < 0) break;
      append(buf.subarray(pos, nl));
      finish(out);
      pos = nl + 1;
    }
    // The tail is kept beyond this chunk: copy it, so the source may reuse its buffer.
    if (pos < buf.length) append(Buffer.from(buf.subarray(pos)));
    if (out.length) yield out;
  }
  if (partBytes > 0 || tooLong) {
    const out: RawLine[] = [];
    finish(out);
    if (out.length) yield out;
  }
}
