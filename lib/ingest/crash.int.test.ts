// Real processes killed with SIGKILL in the middle of an upload: readers see all of it or none of
// it, the upload's status is true afterwards (restarted and `done`, or `failed` with a reason),
// and no spooled chunk is left behind.
//  - `npm run import` killed once it has written measurements (a local file: it fails, "run again");
//  - the worker killed at four points of a spooled upload (CRASH_AT, lib/ingest/crash-points.ts):
//    before parsing, after the first written batch, inside the publish transaction, mid-embedding.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { databaseUrl, type Env } from "@/lib/env";
import { stopQueue } from "@/lib/queue";
import { pendingEmbeddings } from "@/lib/retrieval/active";
import { resetDatabase, tableCounts } from "@/test/db";
import { createUpload, getUploadReport, recoverInterruptedUploads, requeueUpload } from "./index";
import { INTERRUPTED_IMPORT_MESSAGE } from "./cleanup";
import { visibleMeasurementsSql, visibleSamplesSql } from "@/lib/db/visibility";

const dir = mkdtempSync(path.join(tmpdir(), "ingest-crash-"));
const SAMPLES = 2000;
const MODELS = 12;

afterAll(async () => {
  await stopQueue();
  await closeDb();
});

function lines(samples = SAMPLES): string {
  const parts: string[] = [];
  for (let s = 0; s < samples; s++) parts.push(JSON.stringify({ type: "sample", id: `big/${s}`, benchmark: "big", input: `Question ${s}?` }));
  for (let s = 0; s < samples; s++) {
    for (let m = 0; m < MODELS; m++) parts.push(JSON.stringify({ type: "score", sample: `big/${s}`, model: `model-${m}`, metric: "accuracy", value: (s + m) % 2 }));
  }
  return parts.join("\n") + "\n";
}

async function visible(): Promise<{ samples: number; measurements: number }> {
  const m = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM measurements m WHERE ${visibleMeasurementsSql("m")}`);
  const s = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM samples s WHERE ${visibleSamplesSql("s")}`);
  return { samples: s.rows[0].n, measurements: m.rows[0].n };
}

const chunkRows = async () => (await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM upload_chunks`)).rows[0].n;

function run(script: string, args: string[], env: Record<string, string>): { child: ChildProcess; exited: Promise<NodeJS.Signals | number | null>; output: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl(), DATA_DIR: dir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
  return { child, exited, output: () => out };
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, output: () => string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("npm run import killed", () => {
  beforeEach(resetDatabase);

  it("leaves nothing visible, and recovery removes its rows and fails it with zero counts", async () => {
    const before = await tableCounts();
    const file = path.join(dir, "big.jsonl");
    writeFileSync(file, lines());
    const p = run("scripts/import.ts", [file], {});
    let killed = false;
    p.child.stderr!.on("data", () => {
      const m = /(\d+) new measurements/.exec(p.output());
      if (!killed && m && Number(m[1]) > 0) {
        killed = true;
        p.child.kill("SIGKILL");
      }
    });
    await p.exited;
    expect(killed, p.output()).toBe(true);

    const { id, seq, status } = (await pool().query(`SELECT id, seq, status FROM uploads`)).rows[0];
    expect(status).toBe("running");
    const written = await pool().query(`SELECT count(*)::int AS n FROM measurements WHERE upload_seq = $1`, [seq]);
    expect(written.rows[0].n).toBeGreaterThan(0);
    expect(await visible()).toEqual({ samples: 0, measurements: 0 });

    // A fresh heartbeat protects a live upload; the default staleness does not touch it yet.
    expect((await recoverInterruptedUploads({ staleAfterSeconds: 3600 })).failed).toEqual([]);
    expect((await recoverInterruptedUploads({ staleAfterSeconds: 0 })).failed).toEqual([id]);
    expect(await getUploadReport(id)).toMatchObject({ status: "failed", message: INTERRUPTED_IMPORT_MESSAGE, counts: { samples_new: 0, measurements_new: 0 } });
    expect(await tableCounts()).toEqual({ ...before, uploads: before.uploads + 1 });
  });
});

describe("worker killed -9 during a spooled upload", () => {
  let body = "";
  beforeAll(async () => {
    body = lines();
    // A fresh queue for the workers here; this process's queue client is made after it.
    await stopQueue();
    await pool().query(`DROP SCHEMA IF EXISTS pgboss CASCADE`);
  });
  beforeEach(resetDatabase);

  const points: NonNullable<Env["CRASH_AT"]>[] = ["before-parse", "mid-write", "mid-publish"];
  for (const point of points) {
    it(`at ${point}: nothing visible; restarted after recovery, the whole upload becomes visible once`, async () => {
      const { id } = await createUpload(Readable.from([Buffer.from(body)]), { fileName: "big.jsonl" });
      const first = run("workers/index.ts", [], { CRASH_AT: point, EMBEDDER: "fallback" });
      await requeueUpload(id);
      expect(await first.exited, first.output()).toBe("SIGKILL");

      const row = (await pool().query(`SELECT status, attempt FROM uploads WHERE id = $1`, [id])).rows[0];
      expect(row).toEqual({ status: "running", attempt: 1 });
      expect(await visible()).toEqual({ samples: 0, measurements: 0 });
      expect(await chunkRows()).toBeGreaterThan(0);

      // The restart: the owner's recovery (nobody else writes now) re-queues it for any worker.
      expect(await recoverInterruptedUploads({ staleAfterSeconds: 0 })).toMatchObject({ failed: [], requeued: [id] });
      const second = run("workers/index.ts", [], { EMBEDDER: "fallback" });
      try {
        const report = await until("the upload done", async () => {
          const r = await getUploadReport(id);
          return r?.status === "done" ? r : undefined;
        }, second.output);
        expect(report.counts).toMatchObject({ samples_new: SAMPLES, measurements_new: SAMPLES * MODELS, rejected: 0 });
      } finally {
        second.child.kill("SIGTERM");
        await second.exited;
      }
      expect(await visible()).toEqual({ samples: SAMPLES, measurements: SAMPLES * MODELS });
      const all = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM measurements`);
      expect(all.rows[0].n).toBe(SAMPLES * MODELS);
      expect(await chunkRows()).toBe(0);
    });
  }

  it("stopped with SIGTERM mid-import: the worker hands the upload back at once, and the next one finishes it", async () => {
    const samples = 2 * SAMPLES;
    const { id } = await createUpload(Readable.from([Buffer.from(lines(samples))]), { fileName: "bigger.jsonl" });
    // The worker sends itself SIGTERM right after writing its first batch (CRASH_AT=term-mid-write).
    const first = run("workers/index.ts", [], { EMBEDDER: "fallback", CRASH_AT: "term-mid-write" });
    await requeueUpload(id);
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toMatch(/handed back for another worker/);
    // Handed back, not abandoned: queued again at once, its rows gone, the attempt not counted.
    expect((await pool().query(`SELECT status, attempt FROM uploads WHERE id = $1`, [id])).rows[0]).toEqual({ status: "queued", attempt: 0 });
    expect(await visible()).toEqual({ samples: 0, measurements: 0 });
    expect((await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM measurements`)).rows[0].n).toBe(0);

    const second = run("workers/index.ts", [], { EMBEDDER: "fallback" });
    try {
      await until("the upload done", async () => (await getUploadReport(id))?.status === "done", second.output, 300_000);
    } finally {
      second.child.kill("SIGTERM");
      await second.exited;
    }
    expect(await visible()).toEqual({ samples, measurements: samples * MODELS });
    expect(await chunkRows()).toBe(0);
  });

  it("mid-embedding: the upload stays whole (done, or not visible at all); the next worker finishes it and the vectors", async () => {
    const { id } = await createUpload(Readable.from([Buffer.from(body)]), { fileName: "big.jsonl" });
    const first = run("workers/index.ts", [], { CRASH_AT: "mid-embedding", EMBEDDER: "fallback", EMBED_BATCH_SIZE: "200" });
    await requeueUpload(id);
    expect(await first.exited, first.output()).toBe("SIGKILL");
    // Samples of an upload still being written are embedded before they become visible, and on a
    // server with several connections the embed job runs beside the import: the kill can land
    // before the publish. Either way nothing is half visible.
    const report = await getUploadReport(id);
    if (report?.status === "done") {
      expect(report).toMatchObject({ counts: { samples_new: SAMPLES, measurements_new: SAMPLES * MODELS } });
      expect(await visible()).toEqual({ samples: SAMPLES, measurements: SAMPLES * MODELS });
      expect(await pendingEmbeddings("text")).toBeGreaterThan(0);
      expect(await chunkRows()).toBe(0);
    } else {
      expect(await visible()).toEqual({ samples: 0, measurements: 0 });
      // The restart's recovery, as at the other points.
      expect(await recoverInterruptedUploads({ staleAfterSeconds: 0 })).toMatchObject({ failed: [], requeued: [id] });
    }

    const second = run("workers/index.ts", [], { EMBEDDER: "fallback", EMBED_BATCH_SIZE: "500" });
    try {
      await until(
        "the upload done and every sample embedded",
        async () => (await getUploadReport(id))?.status === "done" && (await pendingEmbeddings("text")) === 0,
        second.output,
      );
    } finally {
      second.child.kill("SIGTERM");
      await second.exited;
    }
    expect(await visible()).toEqual({ samples: SAMPLES, measurements: SAMPLES * MODELS });
    expect(await chunkRows()).toBe(0);
  });
});
