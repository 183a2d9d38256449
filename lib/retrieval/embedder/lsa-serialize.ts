// Binary form of a fitted LSA model, small enough for a Postgres bytea and exact on round trip:
//   "LSA1" | u32 header length | header JSON | vocabulary (UTF-8, "\n"-joined) | idf f32[V] |
//   projection f32[V×k], each section padded to 4 bytes, all numbers little-endian.
// The fit id is the first 8 hex digits of SHA-256 over these bytes, so two fits share an id
// exactly when they embed identically, and a damaged blob cannot pass for the original.
import { createHash } from "node:crypto";

const MAGIC = "LSA1";

export interface LsaParts {
  params: Record<string, number | boolean>;
  nDocs: number;
  k: number;
  terms: string[];
  idf: Float32Array;
  projection: Float32Array;
}

interface Header {
  format: 1;
  params: Record<string, number | boolean>;
  nDocs: number;
  k: number;
  vocabularySize: number;
  vocabularyBytes: number;
}

const pad4 = (n: number) => (n + 3) & ~3;

export function encodeLsa(parts: LsaParts): Uint8Array {
  const vocabulary = new TextEncoder().encode(parts.terms.join("\n"));
  const header: Header = {
    format: 1,
    params: parts.params,
    nDocs: parts.nDocs,
    k: parts.k,
    vocabularySize: parts.terms.length,
    vocabularyBytes: vocabulary.length,
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const vocabStart = pad4(8 + headerBytes.length);
  const idfStart = pad4(vocabStart + vocabulary.length);
  const projectionStart = idfStart + 4 * parts.idf.length;
  const bytes = new Uint8Array(projectionStart + 4 * parts.projection.length);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(4, headerBytes.length, true);
  bytes.set(headerBytes, 8);
  bytes.set(vocabulary, vocabStart);
  parts.idf.forEach((x, i) => view.setFloat32(idfStart + 4 * i, x, true));
  parts.projection.forEach((x, i) => view.setFloat32(projectionStart + 4 * i, x, true));
  return bytes;
}

export function decodeLsa(bytes: Uint8Array): LsaParts {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8 || new TextDecoder().decode(bytes.subarray(0, 4)) !== MAGIC) {
    throw new Error("not a serialized LSA model (bad magic)");
  }
  const headerLength = view.getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as Header;
  if (header.format !== 1) throw new Error(`unsupported LSA model format ${String(header.format)}`);
  const vocabStart = pad4(8 + headerLength);
  const idfStart = pad4(vocabStart + header.vocabularyBytes);
  const v = header.vocabularySize;
  const projectionStart = idfStart + 4 * v;
  if (bytes.length !== projectionStart + 4 * v * header.k) {
    throw new Error(`serialized LSA model is truncated or padded (${bytes.length} bytes)`);
  }
  const text = new TextDecoder().decode(bytes.subarray(vocabStart, vocabStart + header.vocabularyBytes));
  const terms = v === 0 ? [] : text.split("\n");
  if (terms.length !== v) throw new Error("serialized LSA model: vocabulary size mismatch");
  const idf = Float32Array.from({ length: v }, (_, i) => view.getFloat32(idfStart + 4 * i, true));
  const projection = new Float32Array(v * header.k);
  for (let i = 0; i < projection.length; i++) projection[i] = view.getFloat32(projectionStart + 4 * i, true);
  return { params: header.params, nDocs: header.nDocs, k: header.k, terms, idf, projection };
}

export function fitIdOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 8);
}
