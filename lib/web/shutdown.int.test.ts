// SIGTERM to a web process that is importing an upload in the background (after its 202): the
// upload is handed back — its rows removed, queued again with the attempt not counted — before
// Next's process.exit is let through; the exit code is Next's.
import { EventEmitter } from "node:events";
import { Readable } from "node:stream";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { createUpload, getUploadReport, processUpload } from "@/lib/ingest";
import { stopQueue } from "@/lib/queue";
import { resetDatabase } from "@/test/db";
import { handBackUploadsOnStop } from "./shutdown";

const SAMPLES = 500;
const MODELS = 30;

function body(): string {
  const parts: string[] = [];
  for (let s = 0; s < SAMPLES; s++) parts.push(JSON.stringify({ type: "sample", id: `stop/${s}`, benchmark: "stop", input: `Question ${s}?` }));
  for (let s = 0; s < SAMPLES; s++) for (let m = 0; m < MODELS; m++) parts.push(JSON.stringify({ type: "score", sample: `stop/${s}`, model: `m${m}`, metric: "acc", value: (s + m) % 2 }));
  return parts.join("\n") + "\n";
}

beforeAll(resetDatabase);
afterAll(async () => {
  await resetDatabase();
  await pool().query(`DELETE FROM pgboss.job`).catch(() => undefined);
  await stopQueue();
  await closeDb();
});

it("hands an upload in progress back before letting Next's exit through", async () => {
  const { id } = await createUpload(Readable.from([Buffer.from(body())]), { fileName: "stop.jsonl" });
  let started!: () => void;
  const isStarted = new Promise<void>((r) => (started = r));
  let openGate!: () => void;
  const gate = new Promise<void>((r) => (openGate = r));
  // Holds the import after its first written batch, until the signal has arrived.
  const importing = processUpload(id, {
    onProgress: async () => {
      started();
      await gate;
    },
  });
  await isStarted;
  expect((await getUploadReport(id))?.status).toBe("running");

  const proc = Object.assign(new EventEmitter(), { exit: vi.fn() }) as unknown as NodeJS.Process;
  const realExit = proc.exit;
  const onSignal = handBackUploadsOnStop(proc);
  proc.emit("SIGTERM");
  proc.exit(143); // what `next start` does once its requests are done
  expect(realExit).not.toHaveBeenCalled();

  openGate();
  const report = await importing;
  await onSignal();
  expect(realExit).toHaveBeenCalledTimes(1);
  expect(realExit).toHaveBeenCalledWith(143);
  expect(report.status).toBe("queued");
  const row = (await pool().query(`SELECT status, attempt FROM uploads WHERE id = $1`, [id])).rows[0];
  expect(row).toEqual({ status: "queued", attempt: 0 });
  expect((await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM measurements`)).rows[0].n).toBe(0);
  // Queued again for a worker.
  const jobs = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'process-upload' AND data->>'uploadId' = $1 AND state = 'created'`, [id]);
  expect(jobs.rows[0].n).toBe(1);
});
