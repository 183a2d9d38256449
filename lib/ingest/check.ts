// A dry run over a whole file: every rejected line with its message, nothing written. The same rules
// as an upload (parse.ts + file-context.ts); `isStored` answers which sample ids the pool already has.
import { FileContext, unknownSampleMessage } from "./file-context";
import { parseResults } from "./parse";
import { SourceError, type ByteSource } from "./source";
import type { LineError } from "./types";

export interface CheckResult {
  /** Non-blank lines. */
  lines: number;
  accepted: number;
  errors: LineError[];
  warnings: LineError[];
}

export async function checkResults(
  source: ByteSource,
  isStored: (sampleIds: string[]) => Promise<Set<string>> = async () => new Set(),
): Promise<CheckResult> {
  const ctx = new FileContext();
  const result: CheckResult = { lines: 0, accepted: 0, errors: [], warnings: [] };
  const unresolved: { line: number; sample: string }[] = [];
  try {
    for await (const chunk of parseResults(source)) {
      for (const p of chunk) {
        result.lines++;
        if ("error" in p) {
          result.errors.push({ line: p.line, message: p.error });
          if (p.sampleId !== undefined) ctx.rejectedSample({ id: p.sampleId }, p.line);
          continue;
        }
        if (p.warning) result.warnings.push({ line: p.line, message: p.warning });
        const r = p.record;
        if (r.type === "sample") {
          const v = ctx.sample(r, p.line);
          if (v.kind === "error") {
            result.errors.push({ line: p.line, message: v.message });
            continue;
          }
        } else if (r.type !== "model") {
          const v = ctx.reference(r.sample);
          if (v.kind === "error") {
            result.errors.push({ line: p.line, message: v.message });
            continue;
          }
          if (v.kind === "stored?") {
            unresolved.push({ line: p.line, sample: r.sample });
            continue;
          }
        }
        result.accepted++;
      }
    }
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    result.errors.push({ line: 0, message: err.message });
  }
  const stored = await isStored([...new Set(unresolved.map((u) => u.sample))]);
  for (const u of unresolved) {
    if (stored.has(u.sample)) result.accepted++;
    else result.errors.push({ line: u.line, message: unknownSampleMessage(u.sample) });
  }
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}
