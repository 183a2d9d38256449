// The streaming parser: bytes (gzip or not) → numbered, validated lines, a chunk at a time. Memory
// stays bounded by one chunk plus one line, whatever the file's size.
import { splitLines } from "./lines";
import { decompressed, toAsyncIterable, type ByteSource } from "./source";
import type { ResultRecord } from "./types";
import { validateLine } from "./validate";

export type ParsedLine =
  | { line: number; record: ResultRecord; warning?: string }
  | { line: number; error: string; sampleId?: string };

/**
 * Yields the validated lines of each chunk read. Throws SourceError for problems of the file as a
 * whole (corrupt gzip); everything wrong with a single line is yielded as that line's `error`.
 */
export async function* parseResults(source: ByteSource): AsyncGenerator<ParsedLine[]> {
  for await (const raw of splitLines(decompressed(toAsyncIterable(source)))) {
    const out: ParsedLine[] = new Array(raw.length);
    for (let i = 0; i < raw.length; i++) {
      const r = raw[i];
      if ("error" in r) {
        out[i] = { line: r.line, error: r.error };
        continue;
      }
      const v = validateLine(r.text);
      out[i] = v.ok ? { line: r.line, record: v.record, warning: v.warning } : { line: r.line, error: v.message, sampleId: v.sampleId };
    }
    yield out;
  }
}
