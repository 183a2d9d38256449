// Shared by the converters' unit tests: upload files from disk or memory, and a converter's output
// gathered by kind.
import { readFileSync } from "node:fs";
import { fileSource } from "../source";
import type { Converted, ConvertedRecord, Converter, ConvertOptions, UploadFile } from "./records";

export const FIXTURES = new URL("../../../test/fixtures/formats/", import.meta.url).pathname;

export function fixture(format: string, ...names: string[]): UploadFile[] {
  return names.map((name) => ({ path: name, open: () => fileSource(`${FIXTURES}${format}/${name}`) }));
}

export function memoryFile(path: string, text: string | Uint8Array): UploadFile {
  return { path, open: () => (typeof text === "string" ? Buffer.from(text, "utf8") : text) };
}

export function fixtureText(format: string, name: string): string {
  return readFileSync(`${FIXTURES}${format}/${name}`, "utf8");
}

export interface Collected {
  all: Converted[];
  records: ConvertedRecord[];
  errors: Extract<Converted, { kind: "error" }>[];
  skipped: Extract<Converted, { kind: "skipped" }>[];
}

export async function collect(converter: Converter, files: UploadFile[], options?: ConvertOptions): Promise<Collected> {
  const all: Converted[] = [];
  for await (const batch of converter.convert(files, options)) all.push(...batch);
  return {
    all,
    records: all.flatMap((c) => (c.kind === "record" ? [c.record] : [])),
    errors: all.flatMap((c) => (c.kind === "error" ? [c] : [])),
    skipped: all.flatMap((c) => (c.kind === "skipped" ? [c] : [])),
  };
}

export function ofType<T extends ConvertedRecord["type"]>(records: ConvertedRecord[], type: T): Extract<ConvertedRecord, { type: T }>[] {
  return records.filter((r): r is Extract<ConvertedRecord, { type: T }> => r.type === type);
}
