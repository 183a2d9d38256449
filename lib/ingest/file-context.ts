// What a line may refer to depends on the lines before it: a measurement must name a sample defined
// earlier in the file or already stored, and one sample id may not come back with other content.
// Pure (no I/O): "stored" is answered by the caller, in batches.
import { sampleContentHash } from "./content-hash";
import { show } from "./messages";
import type { SampleRecord } from "./types";

export interface FileSample {
  hash: string;
  line: number;
  /** Primary key once written or matched in the database; 0 before. */
  pk: number;
}

export type SampleVerdict = { kind: "first"; hash: string } | { kind: "repeat" } | { kind: "error"; message: string };
export type ReferenceVerdict = { kind: "file"; entry: FileSample } | { kind: "stored?" } | { kind: "error"; message: string };

/** Rejected sample ids kept to explain later measurements; bounded so a broken file cannot exhaust memory. */
const MAX_REMEMBERED_REJECTIONS = 100_000;

export class FileContext {
  readonly samples = new Map<string, FileSample>();
  private readonly rejected = new Map<string, number>();

  /** A valid `sample` line: first time in this file, an identical repeat, or a conflicting repeat. */
  sample(record: SampleRecord, line: number): SampleVerdict {
    const hash = sampleContentHash(record);
    const earlier = this.samples.get(record.id);
    if (!earlier) {
      this.samples.set(record.id, { hash, line, pk: 0 });
      return { kind: "first", hash };
    }
    if (earlier.hash === hash) return { kind: "repeat" };
    return { kind: "error", message: `"id" ${show(record.id)} was already defined on line ${earlier.line} with different content` };
  }

  /** Remembers the id of a rejected sample line, to say why measurements naming it are rejected too. */
  rejectedSample(raw: unknown, line: number): void {
    const id = (raw as { id?: unknown } | null)?.id;
    if (typeof id === "string" && !this.samples.has(id) && this.rejected.size < MAX_REMEMBERED_REJECTIONS) this.rejected.set(id, line);
  }

  /** Where a measurement's `sample` comes from: this file, maybe the store (caller checks), or nowhere. */
  reference(sampleId: string): ReferenceVerdict {
    const entry = this.samples.get(sampleId);
    if (entry) return { kind: "file", entry };
    const rejectedAt = this.rejected.get(sampleId);
    if (rejectedAt !== undefined) return { kind: "error", message: `"sample" names ${show(sampleId)}, whose sample line ${rejectedAt} was rejected` };
    return { kind: "stored?" };
  }
}

export function unknownSampleMessage(sampleId: string): string {
  return `"sample" names ${show(sampleId)}, which is neither defined earlier in the file nor stored`;
}
