// The app's side of the rendered-page cache on a real database: the state a page is kept under
// (lib/serving/current.ts heldStamp / freshStamp, what lib/web/page-cache.ts marks a page with)
// moves with the data version, a finished health run and a saved leaderboard's refresh state, and
// is withheld while the process's read model is behind the database.
import { AsyncLocalStorage } from "node:async_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { createSavedLeaderboard, savedLeaderboardInput } from "@/lib/leaderboard/saved";
import { FRESH_WAIT_MS, freshStamp, heldStamp, servingModel } from "@/lib/serving/current";
import { resetDatabase } from "@/test/db";
import { importDemo } from "@/test/demo";
import { cacheThisPage, noPageCache, uncachedOnError } from "./page-cache";

const KEY = Symbol.for("portal.pageCache");
type Mark = { stamp: string | null; uncacheable: boolean };
const shared = globalThis as unknown as Record<symbol, { als?: AsyncLocalStorage<Mark>; freshStamp?: unknown; heldStamp?: unknown } | undefined>;

/** The stamp after a poll (servingModel polls every time and brings the model up to date). */
async function polledStamp(): Promise<string | null> {
  await servingModel();
  return heldStamp();
}

beforeAll(async () => {
  await resetDatabase();
  await importDemo();
});
afterAll(async () => {
  delete shared[KEY];
  await closeDb();
});

describe("the state a page is kept under", () => {
  it("moves with the data version, a saved leaderboard's refresh state and a health run", async () => {
    const first = await polledStamp();
    expect(first).toMatch(/^\d+:\d+:/);
    expect(await polledStamp()).toBe(first);

    // A new saved leaderboard, its first refresh queued (the home page shows it "refreshing").
    await createSavedLeaderboard(savedLeaderboardInput.parse({ slug: "page-cache-a", title: "Geography", filters: { benchmark: ["demo-geo-qa"] } }));
    const saved = await polledStamp();
    expect(saved).not.toBe(first);
    await pool().query(`UPDATE saved_leaderboards SET refresh_queued_at = NULL WHERE slug = 'page-cache-a'`);
    const idle = await polledStamp();
    expect(idle).not.toBe(saved);
    await pool().query(`UPDATE saved_leaderboards SET refresh_queued_at = now() WHERE slug = 'page-cache-a'`);
    expect(await polledStamp()).toBe(saved);

    await pool().query(`INSERT INTO health_runs (data_version, status, computed_at) SELECT data_version, 'done', now() FROM pool_state WHERE id = 1`);
    const healthy = await polledStamp();
    expect(healthy).not.toBe(saved);

    await pool().query(`UPDATE pool_state SET data_version = data_version + 1, updated_at = now() WHERE id = 1`);
    const bumped = await polledStamp();
    expect(bumped).not.toBe(healthy);
    expect(bumped!.split(":")[0]).toBe(String(Number(healthy!.split(":")[0]) + 1));
  });

  it("is withheld by freshStamp when the database moved past the held model, until the model catches up", async () => {
    await polledStamp();
    await new Promise((r) => setTimeout(r, 2100)); // past RECENT_MS: the next freshStamp polls
    await pool().query(`UPDATE pool_state SET data_version = data_version + 1, updated_at = now() WHERE id = 1`);
    expect(await freshStamp()).toBeNull();
    const caught = await polledStamp();
    expect(caught).not.toBeNull();
    expect(await freshStamp()).toBe(caught);
  });

  it("is the state this process answers from while the database is held by a background transaction (not waited for past FRESH_WAIT_MS)", async () => {
    const held = await polledStamp();
    await new Promise((r) => setTimeout(r, 2100)); // past RECENT_MS: the next freshStamp polls
    const job = await pool().connect();
    try {
      await job.query("BEGIN");
      await job.query(`UPDATE pool_state SET data_version = data_version + 1, updated_at = now() WHERE id = 1`);
      const t0 = performance.now();
      // Embedded: the poll queues behind the open transaction and is given up after FRESH_WAIT_MS;
      // native: it reads the committed version. Either way the state is the one the process holds.
      expect(await freshStamp()).toBe(held);
      expect(performance.now() - t0).toBeLessThan(FRESH_WAIT_MS + 1000);
    } finally {
      await job.query("ROLLBACK");
      job.release();
    }
  });

  it("is what cacheThisPage marks the request with; noPageCache and a failed read mark it not to keep; nothing outside a cached request", async () => {
    const stamp = await polledStamp();
    cacheThisPage(); // no cache installed: nothing to mark, no error
    noPageCache();
    const als = new AsyncLocalStorage<Mark>();
    shared[KEY] = { als };
    const mark: Mark = { stamp: null, uncacheable: false };
    await als.run(mark, async () => {
      cacheThisPage();
      expect(mark.stamp).toBe(stamp);
      expect(mark.uncacheable).toBe(false);
      noPageCache();
    });
    expect(mark.uncacheable).toBe(true);
    // A read that fails (a section streamed after the status was sent shows its error with 200) marks
    // the page not to keep and passes the error on; one that succeeds leaves the mark alone.
    const failed: Mark = { stamp: null, uncacheable: false };
    await als.run(failed, async () => {
      cacheThisPage();
      expect(await uncachedOnError(Promise.resolve(7))).toBe(7);
      expect(failed.uncacheable).toBe(false);
      await expect(uncachedOnError(Promise.reject(new Error("fits queue full")))).rejects.toThrow("fits queue full");
    });
    expect(failed.uncacheable).toBe(true);
    // The providers the preload's cache validates with were registered by the page's call.
    expect(shared[KEY]!.freshStamp).toBe(freshStamp);
    expect(shared[KEY]!.heldStamp).toBe(heldStamp);
  });
});
