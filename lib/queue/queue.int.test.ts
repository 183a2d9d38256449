// Refresh jobs coalesce per saved leaderboard: at most one waits per slug however many publishes
// ask for it (a restart with a backlog cannot flood the queue), and a queue created before this
// rule is switched to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { queueBacklog } from "@/lib/metrics/work-backlog";
import { boss, enqueue, QUEUES, stopQueue } from "./index";

beforeAll(async () => {
  await stopQueue();
  await pool().query(`DROP SCHEMA IF EXISTS pgboss CASCADE`);
});
afterAll(async () => {
  await stopQueue();
  await pool().query(`DROP SCHEMA IF EXISTS pgboss CASCADE`);
  await closeDb();
});

const waiting = async () => (await queueBacklog()).find((q) => q.queue === QUEUES.refreshLeaderboard)!.queued;

describe("the refresh queue", () => {
  it("keeps one pending refresh per leaderboard", async () => {
    expect(await enqueue(QUEUES.refreshLeaderboard, { slug: "a" }, { singletonKey: "a" })).toEqual(expect.any(String));
    for (let i = 0; i < 5; i++) expect(await enqueue(QUEUES.refreshLeaderboard, { slug: "a" }, { singletonKey: "a" })).toBeNull();
    expect(await enqueue(QUEUES.refreshLeaderboard, { slug: "b" }, { singletonKey: "b" })).toEqual(expect.any(String));
    expect(await waiting()).toBe(2);
  });

  it("switches a refresh queue created without the rule", async () => {
    const b = await boss();
    await b.updateQueue(QUEUES.refreshLeaderboard, { name: QUEUES.refreshLeaderboard, policy: "standard" });
    await stopQueue();
    expect((await (await boss()).getQueue(QUEUES.refreshLeaderboard))?.policy).toBe("stately");
    expect(await enqueue(QUEUES.refreshLeaderboard, { slug: "c" }, { singletonKey: "c" })).toEqual(expect.any(String));
    expect(await enqueue(QUEUES.refreshLeaderboard, { slug: "c" }, { singletonKey: "c" })).toBeNull();
  });
});
