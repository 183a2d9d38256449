// A request's statements counted into its own timing, on both database targets, and the API's log
// line that reports them.
import { NextRequest, NextResponse } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { handler } from "@/lib/api/handler";
import { redirectLogs } from "@/lib/log";
import { closeDb, pool, withTransaction } from "./client";
import { countingDb, type DbTiming } from "./request-timing";

afterAll(() => closeDb());

const fresh = (): DbTiming => ({ queries: 0, ms: 0 });

describe("database time per request", () => {
  it("counts a request's statements, through the pool and in a transaction, and not another's running beside it", async () => {
    const a = fresh();
    const b = fresh();
    await Promise.all([
      countingDb(a, async () => {
        await pool().query(`SELECT pg_sleep(0.05)`);
        await pool().query(`SELECT pg_sleep(0.05)`);
        await withTransaction(async (c) => c.query(`SELECT 1`)); // BEGIN, SELECT, COMMIT
      }),
      countingDb(b, async () => {
        await pool().query(`SELECT 1`);
      }),
      // Outside any request: counted nowhere.
      pool().query(`SELECT pg_sleep(0.05)`),
    ]);
    expect(a.queries).toBe(5);
    expect(a.ms).toBeGreaterThanOrEqual(95);
    expect(b.queries).toBe(1);
    expect(b.ms).toBeLessThan(a.ms);
  });

  it("keeps the count of a request that failed, and the API's log line reports it", async () => {
    const t = fresh();
    await expect(
      countingDb(t, async () => {
        await pool().query(`SELECT 1`);
        await pool().query(`SELECT * FROM no_such_table`);
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(t.queries).toBe(2);

    const lines: string[] = [];
    const restore = redirectLogs({ write: (s: string) => void lines.push(s) }, "info");
    try {
      const route = handler(async () => {
        await pool().query(`SELECT pg_sleep(0.03)`);
        return NextResponse.json({ ok: true });
      });
      await route(new NextRequest("http://localhost/api/t"), { params: Promise.resolve({}) });
    } finally {
      restore();
    }
    const line = JSON.parse(lines[0]) as { db_queries: number; db_ms: number; duration_ms: number };
    expect(line.db_queries).toBe(1);
    expect(line.db_ms).toBeGreaterThanOrEqual(28);
    expect(line.db_ms).toBeLessThanOrEqual(line.duration_ms + 1);
  });
});
