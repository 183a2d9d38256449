// The embedded server shares one Postgres session among all clients. Queries of different clients
// must never interleave inside one extended-protocol exchange (Parse … Sync), or one client's Bind
// lands on another's statement. This hammers it with a mix of simple and extended queries.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect, type Socket } from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded";

// The native run skips it: it starts its own PGlite, whatever the target, and that was already
// tested in the embedded run; a native server gives each client its own session.
describe.skipIf(process.env.TEST_DB === "native")("embedded Postgres server (embedded run only)", () => {
  it("keeps concurrent clients' simple and extended queries apart", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "portal-emb-"));
    const db = await startEmbeddedPostgres({ dataDir: dir });
    const pools = [0, 1, 2].map(() => new pg.Pool({ connectionString: db.url, max: 4 }));
    let wrong = 0;
    const errors: string[] = [];
    // A writer in short transactions, as an upload is: the session belongs to it until COMMIT.
    const writer = async () => {
      const c = await pools[0].connect();
      try {
        await c.query("CREATE TEMP TABLE IF NOT EXISTS t (x int)");
        for (let i = 0; i < 60; i++) {
          await c.query("BEGIN");
          await c.query("INSERT INTO t SELECT g FROM generate_series(1, $1::int) g", [50 + i]);
          await c.query("SELECT count(*) FROM t WHERE x > $1", [i]);
          await c.query("COMMIT");
        }
      } catch (err) {
        errors.push(`writer: ${(err as Error).message}`);
      } finally {
        c.release();
      }
    };
    try {
      await Promise.all([
        writer(),
        ...pools.flatMap((p, pi) =>
          Array.from({ length: 4 }, async (_, j) => {
            for (let i = 0; i < 150; i++) {
              const x = pi * 10_000 + j * 1000 + i;
              try {
                if ((i + j + pi) % 3 === 0) {
                  const r = await p.query(`SELECT ${x} AS x, count(*) AS n FROM generate_series(1, 3000)`);
                  if (r.rows[0].x !== x) wrong++;
                } else if ((i + j) % 3 === 1) {
                  const r = await p.query("SELECT $1::int AS x, $2::text AS y, count(*) AS n FROM generate_series(1, 2000)", [x, `s${x}`]);
                  if (r.rows[0].x !== x || r.rows[0].y !== `s${x}`) wrong++;
                } else {
                  const r = await p.query("SELECT $1::int + 1 AS x", [x]);
                  if (r.rows[0].x !== x + 1) wrong++;
                }
              } catch (err) {
                errors.push((err as Error).message);
              }
            }
          }),
        ),
      ]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(errors.slice(0, 5)).toEqual([]);
    expect(wrong).toBe(0);
  });

  it("admits only clients with the random password of DATA_DIR/db-password (mode 0600)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "portal-emb-"));
    const db = await startEmbeddedPostgres({ dataDir: dir });
    try {
      expect(statSync(path.join(dir, "db-password")).mode & 0o777).toBe(0o600);
      const right = new pg.Client({ connectionString: db.url });
      await right.connect();
      expect((await right.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      await right.end();
      for (const url of [db.url.replace(/:[^:@/]+@/, ":wrong@"), db.url.replace(/:[^:@/]+@/, "@")]) {
        const wrong = new pg.Client({ connectionString: url });
        await expect(wrong.connect()).rejects.toMatchObject({ code: "28P01" });
      }
    } finally {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("survives clients that reset their connection at any point, also while it stops", async () => {
    // A web server killed (or stopped) while it connects, authenticates or waits on a query resets
    // its sockets; an 'error' event nobody listens to would take down the process hosting the database.
    const dir = mkdtempSync(path.join(tmpdir(), "portal-emb-"));
    const db = await startEmbeddedPostgres({ dataDir: dir });
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", onUncaught);
    const { hostname, port } = new URL(db.url);
    const raw = (): Promise<Socket> => new Promise((resolve) => { const s = connect(Number(port), hostname, () => resolve(s)); s.on("error", () => undefined); });
    const settle = () => new Promise((r) => setTimeout(r, 100));
    try {
      (await raw()).resetAndDestroy(); // before any message
      const half = await raw();
      half.write(Buffer.from([0, 0, 0, 40, 0, 3])); // half a startup message
      await settle();
      half.resetAndDestroy();
      const busy = new pg.Client({ connectionString: db.url });
      await busy.connect();
      busy.on("error", () => undefined);
      const sleeping = busy.query("SELECT pg_sleep(0.3)").catch(() => "reset");
      await settle();
      (busy as unknown as { connection: { stream: Socket } }).connection.stream.resetAndDestroy(); // mid-query
      expect(await sleeping).toBe("reset");
      const idle = new pg.Client({ connectionString: db.url });
      await idle.connect();
      idle.on("error", () => undefined);
      await settle();
      const stopping = db.stop();
      (idle as unknown as { connection: { stream: Socket } }).connection.stream.resetAndDestroy(); // while it stops
      await stopping;
      await settle();
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
