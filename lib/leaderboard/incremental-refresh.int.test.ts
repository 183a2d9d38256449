// Incremental refresh: a publish marks only the saved leaderboards whose selection it can change;
// the others' snapshots are carried forward to the new data version, and pages say so. An embed
// catch-up changes no current snapshot; a model flip stales only leaderboards with a query.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { dataVersion } from "@/lib/db/data-version";
import { insertSavedLeaderboard, listStaleSlugs } from "@/lib/db/queries/saved-leaderboards";
import { embedAllSpaces } from "@/lib/retrieval/embed-pool";
import { stopQueue } from "@/lib/queue";
import { savedPageData } from "@/app/leaderboards/[slug]/saved-page-data";
import { resetDatabase } from "@/test/db";
import { importDemo, uploadLines } from "@/test/demo";
import { refreshSnapshot } from "./refresh";
import { getSavedLeaderboard } from "./saved";

const NONE = { benchmark: [], task: [], tag: [], meta: [] };
const BOARDS = [
  { slug: "t-overall", filters: NONE },
  { slug: "t-bio", filters: { ...NONE, benchmark: ["demo-bio-qa"] } },
  { slug: "t-geo", filters: { ...NONE, benchmark: ["demo-geo-qa"] } },
  { slug: "t-law-tag", filters: { ...NONE, tag: ["law"] } },
  { slug: "t-geo-query", query: "capital city", filters: { ...NONE, benchmark: ["demo-geo-qa"] } },
];

/** Every board current: stale ones recomputed, current ones left alone. */
async function refreshAll(): Promise<void> {
  for (const b of BOARDS) expect(["refreshed", "current"]).toContain((await refreshSnapshot(b.slug)).status);
  expect(await listStaleSlugs(await dataVersion())).toEqual([]);
}

async function queued(): Promise<string[]> {
  const r = await pool().query<{ slug: string }>(`SELECT slug FROM saved_leaderboards WHERE refresh_queued_at IS NOT NULL ORDER BY slug`);
  return r.rows.map((row) => row.slug);
}

const score = (sample: string, model: string, value: number) => ({ type: "score", sample, model, metric: "accuracy", value });

beforeAll(async () => {
  await resetDatabase();
  await importDemo();
  await embedAllSpaces();
  for (const b of BOARDS) await insertSavedLeaderboard({ ...b, title: b.slug, method: "plackett-luce" }, { queueRefresh: false });
  await refreshAll();
  await pool().query(`UPDATE saved_leaderboards SET refresh_queued_at = NULL`);
}, 300_000);
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

describe("incremental refresh", () => {
  it("a publish of measurements marks the leaderboards whose filters its samples pass, and carries the rest forward", async () => {
    const before = await dataVersion();
    const report = await uploadLines([score("demo-bio-qa/0001", "incremental-newcomer", 1), score("demo-bio-qa/0002", "incremental-newcomer", 0)]);
    expect(report.status).toBe("done");
    const version = await dataVersion();
    expect(version).toBe(before + 1);
    expect(await queued()).toEqual(["t-bio", "t-overall"]);
    expect(await listStaleSlugs(version)).toEqual(["t-bio", "t-overall"]);

    const geo = (await getSavedLeaderboard("t-geo"))!;
    expect(geo.snapshotVersion).toBe(version);
    const page = await savedPageData(geo, new URLSearchParams(), version);
    expect(page.ok && page.source).toMatchObject({ kind: "snapshot", stale: false, computedAtVersion: before, currentAtVersion: version });
    const bio = await savedPageData((await getSavedLeaderboard("t-bio"))!, new URLSearchParams(), version);
    expect(bio.ok && bio.source).toMatchObject({ kind: "snapshot", stale: true, computedAtVersion: before });
  });

  it("tags count like benchmarks: a new law sample marks the tag-filtered leaderboard, not the geography ones", async () => {
    await refreshAll();
    await pool().query(`UPDATE saved_leaderboards SET refresh_queued_at = NULL`);
    const sample = { type: "sample", id: "incremental/law-1", benchmark: "demo-law-mc", input: "Is a contract without consideration enforceable?", tags: ["law"] };
    await uploadLines([sample, score("incremental/law-1", "incremental-newcomer", 1)]);
    expect(await queued()).toEqual(["t-law-tag", "t-overall"]);
  });

  it("an embedding catch-up moves the data version without staling any current snapshot", async () => {
    await refreshAll();
    const before = await dataVersion();
    const text = (await embedAllSpaces()).find((r) => r.space === "text");
    expect(text?.embedded).toBe(1);
    expect(await dataVersion()).toBe(before + 1);
    expect(await listStaleSlugs(before + 1)).toEqual([]);
  });

  it("a sample whose content is rewritten may leave a filter: every leaderboard is marked", async () => {
    await pool().query(`UPDATE saved_leaderboards SET refresh_queued_at = NULL`);
    const sample = { type: "sample", id: "incremental/law-1", benchmark: "demo-law-mc", input: "Is a promise without consideration enforceable?", tags: ["contracts"] };
    expect((await uploadLines([sample])).counts.samples_updated).toBe(1);
    expect(await queued()).toEqual(BOARDS.map((b) => b.slug).sort());
  });
});
