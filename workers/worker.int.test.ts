// The worker as a real process on the queue: it embeds the pool and refreshes saved leaderboards'
// snapshots, and a worker killed in the middle of a job leaves work that the next one finishes.
import { spawn, type ChildProcess } from "node:child_process";
import { getPriority } from "node:os";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { demoSummary, plantedLeader } from "@/scripts/demo/planted";
import { resetDatabase } from "@/test/db";
import { importDemo, uploadLines } from "@/test/demo";
import { ensureDefaultLeaderboards } from "@/lib/leaderboard/defaults";
import { getSavedLeaderboard } from "@/lib/leaderboard/saved";
import { stopQueue } from "@/lib/queue";
import { pendingEmbeddings } from "@/lib/retrieval/active";

const workers: ChildProcess[] = [];
let output = "";

function startWorker(env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "workers/index.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  workers.push(child);
  return child;
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 120_000, intervalMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n--- worker output ---\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Samples without a vector of the text space's active model (all of them before its first run). */
const pendingVectors = () => pendingEmbeddings("text");

async function killAll(signal: NodeJS.Signals) {
  await Promise.all(
    workers.splice(0).map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.exitCode !== null || w.signalCode !== null) return resolve();
          w.once("exit", () => resolve());
          w.kill(signal);
        }),
    ),
  );
}

beforeAll(async () => {
  await resetDatabase();
  await pool().query(`DROP SCHEMA IF EXISTS pgboss CASCADE`);
  await importDemo();
  await ensureDefaultLeaderboards();
});
afterEach(() => killAll("SIGTERM"));
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

describe("worker", () => {
  it("survives being killed mid-embedding: the next worker finishes the pool and refreshes the snapshots", async () => {
    const total = demoSummary().samples;
    expect(await pendingVectors()).toBe(total);
    // One vector per batch and a close watch: on a quiet machine with the native server, batches of
    // 20 embedded the whole demo pool between two looks, and there was nothing left to take over.
    const first = startWorker({ EMBED_BATCH_SIZE: "1" });
    await until("the first batches", async () => (await pendingVectors()) < total - 5, 120_000, 10);
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const left = await pendingVectors();
    expect(left).toBeGreaterThan(0);

    startWorker({ EMBED_BATCH_SIZE: "100" });
    await until("every sample embedded", async () => (await pendingVectors()) === 0);
    const python = await until("the python-code snapshot", async () => {
      const lb = await getSavedLeaderboard("python-code");
      return lb?.snapshot ? lb : undefined;
    });
    expect(python.snapshot!.result.models[0].model).toBe(plantedLeader("programming/python"));
    expect(python.snapshot!.result.ci_method).toBe("bootstrap");
    expect(python.snapshot!.result.diagnostics.resamples).toBeGreaterThanOrEqual(100);
    const overall = await until("the overall snapshot", async () => (await getSavedLeaderboard("overall"))?.snapshot ?? undefined);
    expect(overall.result.models[0].model).toBe(plantedLeader("overall"));
  });

  it("refreshes a saved leaderboard after an upload changes its data, swapping the snapshot", async () => {
    const worker = startWorker();
    // Background work gives way to serving: the worker lowered its own CPU priority (WORKER_NICE).
    await until("the worker lowering its priority", async () => getPriority(worker.pid!) === 10, 60_000);
    const before = await until("a current code snapshot", async () => {
      const lb = await getSavedLeaderboard("benchmark-demo-code-tests");
      return lb?.snapshot && !lb.refreshQueuedAt ? lb : undefined;
    });
    const samples = await pool().query<{ id: string }>(`SELECT id FROM samples WHERE benchmark = 'demo-code-tests'`);
    await uploadLines(samples.rows.map((s) => ({ type: "score", sample: s.id, model: "code-oracle", metric: "pass@1", value: 1 })));
    const after = await until("a new snapshot", async () => {
      const lb = await getSavedLeaderboard("benchmark-demo-code-tests");
      return lb?.snapshot && lb.snapshot.id !== before.snapshot!.id ? lb : undefined;
    });
    expect(before.snapshot!.result.models.map((m) => m.model)).not.toContain("code-oracle");
    expect(after.snapshot!.result.models[0].model).toBe("code-oracle");
    expect(after.snapshot!.dataVersion).toBeGreaterThan(before.snapshot!.dataVersion);
  });
});
