// Test helpers over the demo data set and small generated results files.
import path from "node:path";
import { Readable } from "node:stream";
import { importFile, ingestStream } from "@/lib/ingest";
import type { UploadReport } from "@/lib/ingest";

export const DEMO_FILE = path.resolve(process.cwd(), "data/demo/demo.jsonl.gz");

export async function importDemo(): Promise<UploadReport> {
  const report = await importFile(DEMO_FILE);
  if (report.status !== "done") throw new Error(`demo import failed: ${JSON.stringify(report.errors.slice(0, 3))}`);
  return report;
}

/** Uploads results lines (objects) through the same path as the API. */
export async function uploadLines(lines: object[], opts: { partial?: boolean } = {}): Promise<UploadReport> {
  const body = lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
  return ingestStream(Readable.from([Buffer.from(body)]), { partial: opts.partial, fileName: "test.jsonl" });
}
