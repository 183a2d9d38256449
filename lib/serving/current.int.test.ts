// A request never waits on a background job's transaction: while another connection holds a
// transaction open (on the embedded database that holds its one session, so every other query
// queues behind it), a warmed web process still answers from the read model it has, and once the
// transaction commits requests catch up with what it changed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { dataVersion } from "@/lib/db/data-version";
import { computeLeaderboard } from "@/lib/leaderboard/compute";
import { leaderboardQuerySchema } from "@/lib/selection/schema";
import { currentModel, FRESH_WAIT_MS, servingModel } from "@/lib/serving/current";
import { resetDatabase } from "@/test/db";
import { importDemo } from "@/test/demo";

const geography = () => leaderboardQuerySchema.parse({ benchmark: "demo-geo-qa" });

beforeAll(async () => {
  await resetDatabase();
  await importDemo();
  await computeLeaderboard(geography());
});
afterAll(() => closeDb());

describe("serving while a background transaction is open", () => {
  it("answers from the version it has, and from the committed one afterwards", async () => {
    const before = await dataVersion();
    const job = await pool().connect();
    let committed = false;
    const commit = async () => {
      if (committed) return;
      committed = true;
      await job.query("COMMIT");
      job.release();
    };
    try {
      await job.query("BEGIN");
      await job.query(`UPDATE pool_state SET data_version = data_version + 1, updated_at = now() WHERE id = 1`);
      // Should the request wait for the transaction after all, this lets it finish (and the test fail).
      const safety = setTimeout(() => void commit(), 30_000);
      const during = await computeLeaderboard(geography(), { useCache: false });
      expect(committed).toBe(false);
      clearTimeout(safety);
      expect(during.leaderboard.data_version).toBe(before);
      expect(during.leaderboard.n_samples).toBe(46);
      await commit();
      // The update runs in the background once the session is free; requests meanwhile may still be
      // answered from the previous version (at most 1 s late each).
      let after = await computeLeaderboard(geography(), { useCache: false });
      for (let i = 0; i < 50 && after.leaderboard.data_version === before; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        after = await computeLeaderboard(geography(), { useCache: false });
      }
      expect(after.leaderboard.data_version).toBe(before + 1);
      expect(after.leaderboard.n_samples).toBe(46);
    } finally {
      await commit();
    }
  });
});

describe("background work reads the version published before it", () => {
  it("currentModel waits for the database and the update, where servingModel answers from the version it has", async () => {
    const held = await servingModel();
    const before = held.version;
    expect(before).toBe(await dataVersion());
    await pool().query(`UPDATE pool_state SET data_version = data_version + 1, updated_at = now() WHERE id = 1`);
    const job = await pool().connect();
    let released: Promise<void> | null = null;
    try {
      await job.query("BEGIN");
      // The version poll reads pool_state: a native server makes it wait for this lock, the
      // embedded database for the transaction itself (its one session).
      await job.query("LOCK TABLE pool_state IN ACCESS EXCLUSIVE MODE");
      const t0 = performance.now();
      released = new Promise((resolve) => setTimeout(() => resolve(job.query("COMMIT").then(() => undefined)), FRESH_WAIT_MS + 500));
      const served = await servingModel();
      expect(performance.now() - t0).toBeLessThan(FRESH_WAIT_MS + 400);
      expect(served.version).toBe(before);
      const current = await currentModel();
      expect(performance.now() - t0).toBeGreaterThanOrEqual(FRESH_WAIT_MS + 450);
      expect(current.version).toBe(before + 1);
      expect((await computeLeaderboard(geography(), { useCache: false })).leaderboard.data_version).toBe(before + 1);
    } finally {
      await (released ?? job.query("COMMIT"));
      job.release();
    }
  });
});
