// Test helpers over the demo data set and small generated results files.
import path from "node:path";
import { Readable } from "node:stream";
import { importFile, ingestStream } from "@/lib/ingest";
import type { UploadReport } from "@/lib/ingest";
import { reloadEnv } from "@/lib/env";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { resetDatabase } from "./db";

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

/**
 * An empty database with the demo data embedded by the offline fallback embedder (EMBEDDER set for
 * this process); returns what puts EMBEDDER back, for afterAll.
 */
export async function embeddedDemo(): Promise<() => void> {
  const before = process.env.EMBEDDER;
  process.env.EMBEDDER = "fallback";
  reloadEnv();
  await resetDatabase();
  await importDemo();
  await embedPendingSamples();
  return () => {
    if (before === undefined) delete process.env.EMBEDDER;
    else process.env.EMBEDDER = before;
    reloadEnv();
  };
}
