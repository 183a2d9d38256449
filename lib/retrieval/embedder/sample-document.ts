// The text the offline embedder indexes for one sample. The same function builds documents for
// fitting and for embedding samples, so a sample's vector is exactly its row of the fitted
// model. Tags and task name the capability a user searches for ("macroeconomics") while the
// question itself rarely does, so they are repeated to weigh more under sublinear tf
// (k copies weigh 1 + ln k); each field sits on its own line so no bigram spans two fields.

export interface SampleFields {
  input: string;
  benchmark?: string | null;
  task?: string | null;
  tags?: readonly string[] | null;
  metadata?: Record<string, unknown> | null;
}

const TAG_COPIES = 2;
const TASK_COPIES = 2;
const MAX_METADATA_VALUE = 200;

/** String values of metadata (top level and inside arrays); long ones are ids or blobs, not topics. */
function metadataStrings(metadata: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const value of Object.values(metadata)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === "string" && item.length <= MAX_METADATA_VALUE) out.push(item);
    }
  }
  return out;
}

export function sampleDocument(sample: SampleFields): string {
  const lines = [sample.input];
  const tags = sample.tags ?? [];
  for (let i = 0; i < TAG_COPIES; i++) lines.push(...tags);
  if (sample.task) for (let i = 0; i < TASK_COPIES; i++) lines.push(sample.task);
  if (sample.benchmark) lines.push(sample.benchmark);
  if (sample.metadata) lines.push(...metadataStrings(sample.metadata));
  return lines.join("\n");
}
