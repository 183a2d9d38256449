// `npm run bench:ingest [-- FILE]`: imports a results file (default ../shared/data/mmlu-pro.jsonl.gz)
// into a fresh embedded database in a temp dir, while a concurrent reader pings the database every
// 10 ms; prints the import time, lines/s and the reader's worst wait (how long the portal would be
// blocked). Then re-sends the same lines in a different file (every line a duplicate) and the
// same file again (a duplicate upload). The database runs in this process, so CPU time is the
// cost of the import itself when the machine is busy with other work (wall time is then longer).
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import { closeDb } from "@/lib/db/client";
import { ping } from "@/lib/db/queries/health";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { reloadEnv } from "@/lib/env";
import { importFile, type UploadReport } from "@/lib/ingest";
import { stopQueue } from "@/lib/queue";

const file = path.resolve(process.argv[2] ?? path.join(process.cwd(), "..", "shared", "data", "mmlu-pro.jsonl.gz"));

interface ReaderStats {
  queries: number;
  max: number;
  p99: number;
}

/** A reader that queries every 10 ms and records how long each query waited. */
function startReader(url: string): { stop(): Promise<ReaderStats> } {
  const client = new pg.Client({ connectionString: url });
  const waits: number[] = [];
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const t0 = performance.now();
      await ping(client);
      waits.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...waits].sort((a, b) => a - b);
      return { queries: waits.length, max: sorted[sorted.length - 1] ?? 0, p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0 };
    },
  };
}

async function timed(label: string, url: string, target: string): Promise<UploadReport> {
  const reader = startReader(url);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const report = await importFile(target);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const r = await reader.stop();
  const c = report.counts;
  console.log(
    `${label}: ${report.status} in ${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s), ${Math.round(report.lines / seconds)} lines/s ` +
      `(${report.lines} lines; samples ${c.samples_new} new; measurements ${c.measurements_new} new, ${c.measurements_updated} updated; ` +
      `${c.duplicates} duplicates, ${c.rejected} rejected)`,
  );
  console.log(`  concurrent reader: ${r.queries} queries, max wait ${r.max.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms`);
  return report;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-ingest-"));
  const db = await startEmbeddedPostgres({ dataDir: dir });
  process.env.DATABASE_URL = db.url;
  process.env.DATA_DIR = dir;
  reloadEnv();
  try {
    const p = new pg.Pool({ connectionString: db.url, max: 1 });
    await migrate(p);
    await p.end();
    console.log(`bench:ingest ${file}`);
    await timed("first import", db.url, file);
    // Same lines, different file (one trailing blank line): every line is a duplicate.
    const resent = path.join(dir, "resent.jsonl.gz");
    writeFileSync(resent, gzipSync(Buffer.concat([gunzipSync(readFileSync(file)), Buffer.from("\n")])));
    await timed("same lines again", db.url, resent);
    await timed("same file again", db.url, file);
  } finally {
    await stopQueue().catch(() => undefined);
    await closeDb();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
