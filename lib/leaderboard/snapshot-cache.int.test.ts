// Saved leaderboards read their snapshots through the per-process cache: a refresh's new snapshot
// is seen at once (new id), an id already read is not fetched again.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { insertSavedLeaderboard } from "@/lib/db/queries/saved-leaderboards";
import { swapSnapshot } from "@/lib/db/queries/snapshots";
import { resetDatabase } from "@/test/db";
import type { LiveLeaderboard } from "./compute";
import { getSavedLeaderboard, listSavedLeaderboards } from "./saved";

afterAll(closeDb);

const snapshot = (marker: string) => ({
  dataVersion: 1,
  embedderName: null,
  method: "plackett-luce",
  nSamples: 1,
  nMeasurements: 1,
  durationMs: 1,
  result: { marker } as unknown as LiveLeaderboard,
});
const marker = (s: { snapshot: { result: unknown } | null } | null) => (s?.snapshot?.result as { marker?: string } | undefined)?.marker;

describe("snapshot cache", () => {
  beforeEach(resetDatabase);

  it("serves an id it has read without fetching it again, and a refresh's new snapshot at once", async () => {
    await insertSavedLeaderboard({ slug: "cached", title: "cached", method: "plackett-luce", filters: { benchmark: [], task: [], tag: [], meta: [] } }, { queueRefresh: false });
    const first = await swapSnapshot("cached", snapshot("first"));
    expect(marker(await getSavedLeaderboard("cached"))).toBe("first");
    // Snapshots never change in the portal; changing one behind its back shows the cache answered.
    await pool().query(`UPDATE leaderboard_snapshots SET result = '{"marker":"changed"}' WHERE id = $1`, [first]);
    expect(marker((await listSavedLeaderboards()).find((s) => s.slug === "cached")!)).toBe("first");

    await swapSnapshot("cached", snapshot("second"));
    expect(marker(await getSavedLeaderboard("cached"))).toBe("second");
    expect(marker((await listSavedLeaderboards())[0])).toBe("second");
  });

  it("is one cache per process, shared by every copy of the module (Next.js bundles one per layer)", async () => {
    await insertSavedLeaderboard({ slug: "shared", title: "shared", method: "plackett-luce", filters: { benchmark: [], task: [], tag: [], meta: [] } }, { queueRefresh: false });
    const id = await swapSnapshot("shared", snapshot("read once"));
    const first = await import("./snapshot-cache");
    expect(marker({ snapshot: (await first.cachedSnapshots([id])).get(id) ?? null })).toBe("read once");
    await pool().query(`UPDATE leaderboard_snapshots SET result = '{"marker":"changed"}' WHERE id = $1`, [id]);
    vi.resetModules();
    const second = await import("./snapshot-cache");
    expect(second.cachedSnapshots).not.toBe(first.cachedSnapshots);
    // the other copy answers from the snapshot the first one read, without reading it again
    expect(marker({ snapshot: (await second.cachedSnapshots([id])).get(id) ?? null })).toBe("read once");
  });

  it("starts over after a reset, where ids are reused", async () => {
    await insertSavedLeaderboard({ slug: "cached", title: "cached", method: "plackett-luce", filters: { benchmark: [], task: [], tag: [], meta: [] } }, { queueRefresh: false });
    await swapSnapshot("cached", snapshot("after reset"));
    expect(marker(await getSavedLeaderboard("cached"))).toBe("after reset");
  });
});
