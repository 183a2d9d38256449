// Several processes on one Postgres (issue 16): 2 web processes and 2 workers, 4 clients uploading
// at once, one worker killed mid-import. Every upload is imported exactly once, the other worker
// takes over the interrupted one, the saved leaderboards converge to the final data version and
// both web processes answer alike. Native server only: the embedded database is one session
// inside one process, which is not this topology.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { createToken } from "@/lib/auth/tokens";
import { insertSavedLeaderboard, type NewSavedLeaderboard } from "@/lib/db/queries/saved-leaderboards";
import { closeDb, pool } from "@/lib/db/client";
import { databaseUrl } from "@/lib/env";
import { stopQueue } from "@/lib/queue";
import { resetDatabase } from "@/test/db";

const native = process.env.TEST_DB === "native";
if (!native) console.info("topology.int.test: skipped on the embedded database; run it on the native server: bash scripts/native-pg.sh run npx vitest run --project integration test/topology.int.test.ts");

const UPLOADS = 4;
const SAMPLES = 300;
const MODELS = 20; // 6,000 measurements: past the writer's 5,000-row batch, so "mid-write" is reached

interface Proc {
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
  output: () => string;
}
const procs: Proc[] = [];

function run(script: string, env: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, DATABASE_URL: databaseUrl(), LOG_LEVEL: "info", EMBEDDER: "fallback", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
  const p = { child, exited, output: () => out };
  procs.push(p);
  return p;
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${procs.map((p) => p.output().slice(-1500)).join("\n---\n")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function body(u: number): string {
  const lines: string[] = [];
  for (let s = 0; s < SAMPLES; s++) lines.push(JSON.stringify({ type: "sample", id: `topo${u}/${s}`, benchmark: `topo${u}`, input: `Question ${u}.${s}?` }));
  for (let s = 0; s < SAMPLES; s++) for (let m = 0; m < MODELS; m++) lines.push(JSON.stringify({ type: "score", sample: `topo${u}/${s}`, model: `m${m}`, metric: "acc", value: (s + m + u) % 2 }));
  return lines.join("\n") + "\n";
}

afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGTERM");
  await Promise.all(procs.map((p) => p.exited));
  if (native) {
    await resetDatabase();
    await pool().query(`DELETE FROM pgboss.job`).catch(() => undefined);
  }
  await stopQueue();
  await closeDb();
});

describe.skipIf(!native)("2 web processes and 2 workers on one Postgres", () => {
  it("imports 4 simultaneous uploads exactly once while a worker is killed mid-import; the other worker takes its upload over; saved leaderboards converge and both web processes answer alike", async () => {
    await resetDatabase();
    const { token } = await createToken("topology");
    // Saved before any data: the uploads' publishes must mark them and the workers refresh them.
    const none = { benchmark: [], task: [], tag: [], meta: [] };
    const saved: NewSavedLeaderboard[] = [
      { slug: "topo-one", title: "topo1 only", filters: { ...none, benchmark: ["topo1"] }, method: "plackett-luce" },
      { slug: "topo-all", title: "everything", filters: none, method: "plackett-luce" },
      { slug: "topo-query", title: "a capability", query: "Question", filters: none, method: "plackett-luce" },
    ];
    for (const l of saved) expect(await insertSavedLeaderboard(l, { queueRefresh: false })).toBe(true);
    const webs = [run("test/topology/web-server.ts"), run("test/topology/web-server.ts")];
    const ports = await Promise.all(webs.map((w) => until("a web process", () => /listening (\d+)/.exec(w.output())?.[1])));

    // The first worker kills itself (SIGKILL) right after writing its first batch of an upload.
    const doomed = run("workers/index.ts", { CRASH_AT: "mid-write" });
    await until("the first worker", () => doomed.output().includes("connected to the queue"));

    // 4 clients at once, two on each web process.
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, (_, u) =>
        fetch(`http://127.0.0.1:${ports[u % 2]}/api/uploads?async=true`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson", "x-file-name": `topo${u}.jsonl` },
          body: body(u),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(UPLOADS).fill(202));
    const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(UPLOADS);

    // The second worker joins once the first holds an upload; the first dies mid-write.
    await until("an upload running", async () => (await pool().query(`SELECT 1 FROM uploads WHERE status = 'running'`)).rowCount);
    const survivor = run("workers/index.ts");
    expect(await doomed.exited, doomed.output()).toBe("SIGKILL");

    // Every upload done (the interrupted one after its lease timed out: ≤ 60 s), each once.
    const statuses = async () => (await pool().query<{ id: string; status: string; attempt: number; counts: Record<string, number> }>(`SELECT id, status, attempt, counts FROM uploads ORDER BY id`)).rows;
    const done = await until("every upload done", async () => {
      const rows = await statuses();
      return rows.length === UPLOADS && rows.every((r) => r.status === "done") && rows;
    }, 240_000);
    for (const r of done) expect(r.counts, r.id).toMatchObject({ samples_new: SAMPLES, measurements_new: SAMPLES * MODELS, rejected: 0 });
    // The interrupted upload was taken twice (killed, then recovered); the others once.
    expect(done.map((r) => r.attempt).sort()).toEqual([1, 1, 1, 2]);
    const counts = await pool().query<{ samples: number; measurements: number; chunks: number }>(
      `SELECT (SELECT count(*)::int FROM samples) AS samples, (SELECT count(*)::int FROM measurements) AS measurements, (SELECT count(*)::int FROM upload_chunks) AS chunks`,
    );
    expect(counts.rows[0]).toEqual({ samples: UPLOADS * SAMPLES, measurements: UPLOADS * SAMPLES * MODELS, chunks: 0 });
    expect(survivor.output()).toMatch(/re-queued uploads: /);

    // Saved leaderboards converge: each has a snapshot of the final data version (nothing left
    // pending, every sample embedded), and both web processes serve the same answers.
    const converged = await until("saved leaderboards current", async () => {
      const r = await pool().query<{ slug: string; snapshot_version: string | null; current_snapshot_id: number | null; version: string; pending: number }>(
        `SELECT l.slug, l.snapshot_version, l.current_snapshot_id, p.data_version AS version,
                (SELECT count(*)::int FROM samples s WHERE NOT EXISTS (
                   SELECT 1 FROM embeddings e JOIN embedding_spaces sp ON sp.space = e.space AND sp.active_model = e.model
                    WHERE e.space = 'text' AND e.sample_pk = s.pk)) AS pending
           FROM saved_leaderboards l CROSS JOIN pool_state p ORDER BY l.slug`,
      );
      return r.rows.length === saved.length && r.rows.every((x) => x.pending === 0 && x.current_snapshot_id !== null && x.snapshot_version === x.version) && r.rows;
    }, 240_000);
    const version = Number(converged[0].version);
    const get = async (port: string, path: string) => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status, path).toBe(200);
      return (await res.json()) as { stale?: boolean; snapshot?: { data_version: number; n_samples: number; models: { model: string; score: number | null }[] }; data_version?: number; n_samples: number; models: { model: string; score: number | null }[] };
    };
    for (const l of saved) {
      const [a, b] = await Promise.all(ports.map((port) => get(port, `/api/leaderboards/${l.slug}`)));
      // Current at the final version: computed at it, or carried forward from a version whose
      // later changes could not alter it (incremental refresh).
      expect([a.stale, b.stale], l.slug).toEqual([false, false]);
      expect(a.snapshot!.data_version, l.slug).toBeLessThanOrEqual(version);
      expect(a.snapshot!.models.map((m) => [m.model, m.score]), l.slug).toEqual(b.snapshot!.models.map((m) => [m.model, m.score]));
      expect(a.snapshot!.models.length, l.slug).toBe(MODELS);
    }
    expect((await get(ports[0], "/api/leaderboards/topo-one")).snapshot!.n_samples).toBe(SAMPLES);
    expect((await get(ports[0], "/api/leaderboards/topo-all")).snapshot!.n_samples).toBe(UPLOADS * SAMPLES);
    const [x, y] = await Promise.all(ports.map((port) => get(port, "/api/leaderboard?benchmark=topo2")));
    expect([x.data_version, y.data_version]).toEqual([version, version]);
    expect(x.n_samples).toBe(SAMPLES);
    expect(x.models.map((m) => [m.model, m.score])).toEqual(y.models.map((m) => [m.model, m.score]));
  }, 600_000);
});
