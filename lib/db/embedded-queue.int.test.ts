// The embedded database's one session, shared by a background client (the worker) and a visitor's
// request (a web server): with background statements queued ahead of it, the visitor's statement
// goes ahead of most of them (lib/db/embedded-queue.ts); first come, first served it would be last.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { redirectLogs } from "@/lib/log";
import { startEmbeddedPostgres } from "./embedded";

describe.skipIf(process.env.TEST_DB === "native")("embedded database: background clients yield (embedded run only)", () => {
  it("serves a web server's statement ahead of the worker's queued ones, and still serves them all", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "portal-prio-"));
    const db = await startEmbeddedPostgres({ dataDir: dir });
    const worker = new pg.Pool({ connectionString: db.url, max: 6, application_name: "onebench-worker" });
    const web = new pg.Pool({ connectionString: db.url, max: 1, application_name: "onebench-web" });
    try {
      // Connections open (their startup messages name them) before the race.
      const held = await Promise.all(Array.from({ length: 6 }, () => worker.connect()));
      for (const c of held) await c.query("SELECT 1");
      await web.query("SELECT 1");
      const order: string[] = [];
      // Six background statements of some tens of milliseconds each, queued at once …
      const background = held.map((c, i) =>
        c.query("SELECT count(*) FROM generate_series(1, 400000)").then(() => order.push(`worker ${i}`)),
      );
      // … then the visitor's, while the first of them runs.
      await new Promise((r) => setImmediate(r));
      const visitor = web.query("SELECT 42 AS x").then((r) => {
        order.push("web");
        return r.rows[0].x;
      });
      expect(await visitor).toBe(42);
      await Promise.all(background);
      for (const c of held) c.release();
      expect(order).toHaveLength(7);
      // First come, first served would put it last (index 6); it waits for at most the one running
      // and one more that had already been picked.
      expect(order.indexOf("web")).toBeLessThanOrEqual(2);
    } finally {
      await worker.end();
      await web.end();
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("logs a statement that holds the session past EMBEDDED_DB_SLOW_MS, with its client and SQL", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "portal-slow-"));
    const lines: string[] = [];
    const restore = redirectLogs({ write: (l: string) => void lines.push(l) }, "info");
    const db = await startEmbeddedPostgres({ dataDir: dir, slowMs: 30 });
    const worker = new pg.Pool({ connectionString: db.url, max: 1, application_name: "onebench-worker" });
    try {
      await worker.query("SELECT 1");
      await worker.query("SELECT count(*) FROM generate_series(1, $1::int)", [3_000_000]);
    } finally {
      await worker.end();
      await db.stop();
      restore();
      rmSync(dir, { recursive: true, force: true });
    }
    const slow = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "slow database exchange");
    expect(slow.length).toBeGreaterThanOrEqual(1);
    expect(slow[0]).toMatchObject({ component: "embedded-db", client: "onebench-worker", statement: "SELECT count(*) FROM generate_series(1, $1::int)" });
    // Only what held the session past the threshold is logged.
    for (const l of slow) expect(l.duration_ms).toBeGreaterThanOrEqual(30);
  });
});
