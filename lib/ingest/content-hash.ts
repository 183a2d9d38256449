// A sample's content fingerprint: re-sending the same content is a no-op, different content an
// update. Absent optional fields hash like their empty values, and metadata key order is ignored.
import { createHash } from "node:crypto";
import type { SampleRecord } from "./types";

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(obj)
        .sort()
        .map((k) => [k, canonical(obj[k])]),
    );
  }
  return value;
}

export function sampleContentHash(s: SampleRecord): string {
  const content: unknown[] = [s.benchmark, s.input, s.reference ?? null, s.task ?? null, s.tags ?? [], canonical(s.metadata ?? {}), s.image_url ?? null];
  // The bundled image by its content, not its path; appended only when there is one, so samples
  // without an image keep the fingerprints they were stored with.
  if (s.image_sha256) content.push(s.image_sha256);
  return createHash("sha256").update(JSON.stringify(content)).digest("base64url");
}
