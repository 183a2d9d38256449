// Incremental refresh: a publish marks only the saved leaderboards whose selection it can change;
// the others' snapshots are carried forward to the new data version, and pages say so. An embed
// catch-up changes no current snapshot; a model flip stales only leaderboards with a query. A
// refresh whose selection and data are unchanged keeps the snapshot without a fit; a capability
// query whose cut nothing new clears keeps it without retrieving again (lib/leaderboard/reach.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { dataVersion } from "@/lib/db/data-version";
import { insertSavedLeaderboard, listStaleSlugs } from "@/lib/db/queries/saved-leaderboards";
import { loadSnapshots, slugsFlaggedByOtherRun, snapshotBasis } from "@/lib/db/queries/snapshots";
import { runHealthCheck } from "@/lib/health/job";
import { embedAllSpaces } from "@/lib/retrieval/embed-pool";
import { stopQueue } from "@/lib/queue";
import { savedPageData } from "@/app/leaderboards/[slug]/saved-page-data";
import { resetDatabase } from "@/test/db";
import { importDemo, uploadLines } from "@/test/demo";
import type { LiveLeaderboard } from "./compute";
import { enqueueHealthRefreshes, refreshSnapshot } from "./refresh";
import { getSavedLeaderboard } from "./saved";

const NONE = { benchmark: [], task: [], tag: [], meta: [] };
const BOARDS = [
  { slug: "t-overall", filters: NONE },
  { slug: "t-bio", filters: { ...NONE, benchmark: ["demo-bio-qa"] } },
  { slug: "t-geo", filters: { ...NONE, benchmark: ["demo-geo-qa"] } },
  { slug: "t-law-tag", filters: { ...NONE, tag: ["law"] } },
  { slug: "t-geo-query", query: "capital city", filters: { ...NONE, benchmark: ["demo-geo-qa"] } },
  { slug: "t-antibody-query", query: "antibodies", filters: NONE },
];

/** Every board current: pending vectors written, stale ones recomputed, current ones left alone. */
async function refreshAll(): Promise<void> {
  await embedAllSpaces();
  for (const b of BOARDS) expect(["refreshed", "current", "unchanged", "unreached"]).toContain((await refreshSnapshot(b.slug)).status);
  expect(await listStaleSlugs(await dataVersion())).toEqual([]);
}

async function queued(): Promise<string[]> {
  const r = await pool().query<{ slug: string }>(`SELECT slug FROM saved_leaderboards WHERE refresh_queued_at IS NOT NULL ORDER BY slug`);
  return r.rows.map((row) => row.slug);
}

const score = (sample: string, model: string, value: number) => ({ type: "score", sample, model, metric: "accuracy", value });

async function snapshotOf(id: number) {
  const snap = (await loadSnapshots<LiveLeaderboard>([id])).get(id);
  if (!snap) throw new Error(`no snapshot ${id}`);
  return snap;
}

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
    expect(await queued()).toEqual(["t-antibody-query", "t-bio", "t-overall"]);
    expect(await listStaleSlugs(version)).toEqual(["t-antibody-query", "t-bio", "t-overall"]);

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
    expect(await queued()).toEqual(["t-antibody-query", "t-law-tag", "t-overall"]);
  });

  it("a query the upload's samples do not reach keeps its snapshot after the refresh, without a fit", async () => {
    await refreshAll();
    const board = (await getSavedLeaderboard("t-antibody-query"))!;
    const snapshot = board.currentSnapshotId;
    const sample = { type: "sample", id: "incremental/geo-1", benchmark: "demo-geo-qa", input: "Which river flows through Budapest?" };
    await uploadLines([sample, score("incremental/geo-1", "incremental-newcomer", 1)]);
    expect(await queued()).toContain("t-antibody-query");
    expect(await refreshSnapshot("t-antibody-query")).toEqual({ status: "waiting-for-embeddings" });
    await embedAllSpaces();
    const version = await dataVersion();
    // Its snapshot's reach: the Budapest question clears no cut of "antibodies", touches no selected sample.
    expect(await refreshSnapshot("t-antibody-query")).toMatchObject({ status: "unreached", snapshotId: snapshot });
    const after = (await getSavedLeaderboard("t-antibody-query"))!;
    expect(after).toMatchObject({ currentSnapshotId: snapshot, snapshotVersion: version });
    expect(await queued()).not.toContain("t-antibody-query");
    const page = await savedPageData(after, new URLSearchParams(), version);
    expect(page.ok && page.source).toMatchObject({ kind: "snapshot", stale: false, currentAtVersion: version });
  });

  it("a query whose check cannot rule the upload out retrieves again, and keeps the snapshot when its inputs are the same", async () => {
    await refreshAll();
    const snapshot = (await getSavedLeaderboard("t-antibody-query"))!.currentSnapshotId;
    // A pool grown past the cut's calibration is cut again: the snapshot's pool size set far below.
    await pool().query(`UPDATE leaderboard_snapshots SET reach = jsonb_set(reach, '{poolSize}', '10') WHERE id = $1`, [snapshot]);
    await uploadLines([{ type: "sample", id: "incremental/geo-2", benchmark: "demo-geo-qa", input: "Which sea does the Danube reach?" }]);
    expect(await queued()).toContain("t-antibody-query");
    await embedAllSpaces();
    expect(await refreshSnapshot("t-antibody-query")).toMatchObject({ status: "unchanged", snapshotId: snapshot });
    // Its reach was renewed with the check: the next unrelated upload is ruled out again.
    await uploadLines([{ type: "sample", id: "incremental/geo-3", benchmark: "demo-geo-qa", input: "Which city is the capital of Hungary?" }]);
    await embedAllSpaces();
    expect(await refreshSnapshot("t-antibody-query")).toMatchObject({ status: "unreached", snapshotId: snapshot });
  });

  it("a query the upload reaches is refitted: a new sample it retrieves, or new results on a sample it had", async () => {
    await refreshAll();
    const before = (await getSavedLeaderboard("t-antibody-query"))!;
    const first = await snapshotOf(before.currentSnapshotId!);
    const sample = { type: "sample", id: "incremental/ab-1", benchmark: "demo-bio-qa", input: "Which antibodies neutralise the virus? Antibody binding and antibodies' affinity." };
    await uploadLines([sample, score("incremental/ab-1", "incremental-newcomer", 1), score("incremental/ab-1", "incremental-other", 0)]);
    await embedAllSpaces();
    const grown = await refreshSnapshot("t-antibody-query");
    expect(grown.status).toBe("refreshed");
    const second = await snapshotOf((await getSavedLeaderboard("t-antibody-query"))!.currentSnapshotId!);
    expect(second.nSamples).toBe(first.nSamples + 1);

    // A new model's result on a sample already retrieved: same set, other data.
    await uploadLines([score("incremental/ab-1", "incremental-third", 1)]);
    await embedAllSpaces();
    expect((await refreshSnapshot("t-antibody-query")).status).toBe("refreshed");
    const third = await snapshotOf((await getSavedLeaderboard("t-antibody-query"))!.currentSnapshotId!);
    expect(third.nSamples).toBe(second.nSamples);
    expect(third.nMeasurements).toBe(second.nMeasurements + 1);
  });

  it("an embedding catch-up moves the data version without staling any current snapshot", async () => {
    await refreshAll();
    const sample = { type: "sample", id: "incremental/law-2", benchmark: "demo-law-mc", input: "Can an offer be revoked after acceptance?", tags: ["law"] };
    await uploadLines([sample]);
    // What can be refreshed is; the query without filters waits for the new sample's vector.
    for (const b of BOARDS) await refreshSnapshot(b.slug);
    const before = await dataVersion();
    expect(await listStaleSlugs(before)).toEqual(["t-antibody-query"]);
    const text = (await embedAllSpaces()).find((r) => r.space === "text");
    expect(text?.embedded).toBe(1);
    expect(await dataVersion()).toBe(before + 1);
    expect(await listStaleSlugs(before + 1)).toEqual(["t-antibody-query"]);
  });

  it("model facts mark every leaderboard; those that rank the model show them after the refresh, the others keep their snapshot", async () => {
    await refreshAll();
    const geo = (await getSavedLeaderboard("t-geo"))!.currentSnapshotId;
    // incremental-other has results only on a biology sample (incremental/ab-1, above).
    await uploadLines([{ type: "model", id: "incremental-other", organization: "Other Labs", parameters_b: 3 }]);
    expect(await queued()).toEqual(BOARDS.map((b) => b.slug).sort());
    expect((await refreshSnapshot("t-bio")).status).toBe("refreshed");
    const bio = await snapshotOf((await getSavedLeaderboard("t-bio"))!.currentSnapshotId!);
    expect(bio.result.models.find((m) => m.model === "incremental-other")?.facts).toMatchObject({ organization: "Other Labs" });
    // The geography leaderboard does not rank that model: same inputs, snapshot kept.
    expect(await refreshSnapshot("t-geo")).toMatchObject({ status: "unchanged", snapshotId: geo });
    await pool().query(`UPDATE saved_leaderboards SET refresh_queued_at = NULL`);
  });

  it("a sample whose content is rewritten may leave a filter: every leaderboard is marked", async () => {
    await pool().query(`UPDATE saved_leaderboards SET refresh_queued_at = NULL`);
    const sample = { type: "sample", id: "incremental/law-1", benchmark: "demo-law-mc", input: "Is a promise without consideration enforceable?", tags: ["contracts"] };
    expect((await uploadLines([sample])).counts.samples_updated).toBe(1);
    expect(await queued()).toEqual(BOARDS.map((b) => b.slug).sort());
  });

  it("a health run refits the saved leaderboards whose selection it flags otherwise, and keeps the rest", async () => {
    await refreshAll();
    const all = BOARDS.map((b) => b.slug).sort();
    const first = await runHealthCheck({ force: true });
    if (first.status !== "computed") throw new Error("the health check did not run");
    // Every snapshot read another run (or none): each is queued, and after its refresh reads this one.
    expect(await enqueueHealthRefreshes(first.runId)).toEqual(all);
    for (const b of BOARDS) expect(["refreshed", "unchanged", "unreached"]).toContain((await refreshSnapshot(b.slug)).status);
    expect(await slugsFlaggedByOtherRun(first.runId)).toEqual([]);
    expect((await refreshSnapshot("t-geo")).status).toBe("current");

    // A copy, in another benchmark, of a sample the antibody query selects: the next run flags a duplicate in its selection.
    const antibody = (await getSavedLeaderboard("t-antibody-query"))!.currentSnapshotId!;
    const reach = (await snapshotBasis(antibody)).reach!;
    const original = (await pool().query<{ id: string; input: string }>(`SELECT id, input FROM samples WHERE pk = $1`, [reach.pks[0]])).rows[0];
    await uploadLines([{ type: "sample", id: "incremental/dup-1", benchmark: "incremental-dups", input: original.input, tags: ["biology"] }, score("incremental/dup-1", "incremental-newcomer", 1)]);
    await refreshAll();
    const geo = (await getSavedLeaderboard("t-geo"))!.currentSnapshotId!;
    const before = await snapshotOf((await getSavedLeaderboard("t-antibody-query"))!.currentSnapshotId!);
    expect(before.result.health?.flagged_samples.count ?? 0).toBe(0);
    const second = await runHealthCheck();
    if (second.status !== "computed") throw new Error("the health check did not run");
    expect(await enqueueHealthRefreshes(second.runId)).toEqual(all);
    expect((await refreshSnapshot("t-antibody-query")).status).toBe("refreshed");
    const flagged = await snapshotOf((await getSavedLeaderboard("t-antibody-query"))!.currentSnapshotId!);
    expect(flagged.result.health?.flagged_samples.ids.some((id) => id === "incremental/dup-1" || id === original.id)).toBe(true);
    // The geography leaderboard's selection is flagged as before: kept, and current against the new run.
    expect(await refreshSnapshot("t-geo")).toMatchObject({ status: "unchanged", snapshotId: geo });
    for (const b of BOARDS) await refreshSnapshot(b.slug);
    expect(await slugsFlaggedByOtherRun(second.runId)).toEqual([]);

    // A run that flags the same samples (its flags carried from the previous run): the query's snapshot is kept without retrieving again.
    const third = await runHealthCheck({ force: true });
    if (third.status !== "computed") throw new Error("the health check did not run");
    expect(await enqueueHealthRefreshes(third.runId)).toEqual(all);
    expect(await refreshSnapshot("t-antibody-query")).toMatchObject({ status: "unreached", snapshotId: flagged.id });
    expect(await refreshSnapshot("t-geo")).toMatchObject({ status: "unchanged", snapshotId: geo });
    await pool().query(`UPDATE saved_leaderboards SET refresh_queued_at = NULL`);
  });
});
