// A real importer process killed (SIGKILL) in the middle of an upload: readers see nothing of it,
// and recovery removes what it wrote.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { databaseUrl } from "@/lib/env";
import { resetDatabase, tableCounts } from "@/test/db";
import { getUploadReport, recoverInterruptedUploads } from "./index";
import { INTERRUPTED_MESSAGE } from "./cleanup";
import { visibleMeasurementsSql, visibleSamplesSql } from "@/lib/db/visibility";

const dir = mkdtempSync(path.join(tmpdir(), "ingest-crash-"));

beforeEach(resetDatabase);
afterAll(closeDb);

function bigFile(): string {
  const parts: string[] = [];
  for (let s = 0; s < 4000; s++) parts.push(JSON.stringify({ type: "sample", id: `big/${s}`, benchmark: "big", input: `Question ${s}?` }));
  for (let s = 0; s < 4000; s++) {
    for (let m = 0; m < 40; m++) parts.push(JSON.stringify({ type: "score", sample: `big/${s}`, model: `model-${m}`, metric: "accuracy", value: (s + m) % 2 }));
  }
  const file = path.join(dir, "big.jsonl");
  writeFileSync(file, parts.join("\n") + "\n");
  return file;
}

/** Runs `npm run import` on the test database and kills it -9 once it reports written measurements. */
function importAndKill(file: string): Promise<{ killed: boolean; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/import.ts", file], {
      env: { ...process.env, DATABASE_URL: databaseUrl(), DATA_DIR: dir },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    let killed = false;
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
      const m = /(\d+) new measurements/.exec(stderr);
      if (!killed && m && Number(m[1]) > 0) {
        killed = true;
        child.kill("SIGKILL");
      }
    });
    child.on("error", reject);
    child.on("exit", () => resolve({ killed, stderr }));
  });
}

it("leaves nothing visible when the importer is killed mid-upload, and recovery removes its rows", async () => {
  const before = await tableCounts();
  const { killed, stderr } = await importAndKill(bigFile());
  expect(killed, stderr).toBe(true);

  const upload = await pool().query(`SELECT id, seq, status FROM uploads`);
  expect(upload.rows).toHaveLength(1);
  const { id, seq, status } = upload.rows[0];
  expect(status).toBe("running");
  const written = await pool().query(`SELECT count(*)::int AS n FROM measurements WHERE upload_seq = $1`, [seq]);
  expect(written.rows[0].n).toBeGreaterThan(0);
  // The visibility rule hides every row of the unfinished upload.
  const visible = await pool().query(`SELECT count(*)::int AS n FROM measurements m WHERE ${visibleMeasurementsSql("m")}`);
  expect(visible.rows[0].n).toBe(0);
  const samples = await pool().query(`SELECT count(*)::int AS n FROM samples s WHERE ${visibleSamplesSql("s")}`);
  expect(samples.rows[0].n).toBe(0);

  // A fresh heartbeat protects a live upload; the default staleness does not touch it yet.
  expect((await recoverInterruptedUploads({ staleAfterSeconds: 3600 })).failed).toEqual([]);
  const recovered = await recoverInterruptedUploads({ staleAfterSeconds: 0 });
  expect(recovered.failed).toEqual([id]);
  const report = await getUploadReport(id);
  expect(report).toMatchObject({ status: "failed", message: INTERRUPTED_MESSAGE });
  expect(await tableCounts()).toEqual({ ...before, uploads: before.uploads + 1 });
});
