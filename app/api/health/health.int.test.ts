// GET /api/health reports the work waiting behind the web servers: jobs per queue (created, retry,
// active) with the oldest due job's wait, and per embedding space the visible samples that still
// lack a vector of its active model — read from the real database, pg-boss's tables included.
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { semanticIndexStatus } from "@/lib/leaderboard/live";
import { closeDb, pool } from "@/lib/db/client";
import { activateFirstModel } from "@/lib/db/queries/embedding-spaces";
import { insertEmbeddings } from "@/lib/db/queries/embeddings";
import { boss, enqueue, QUEUES, stopQueue } from "@/lib/queue";
import { resetDatabase } from "@/test/db";
import { uploadLines } from "@/test/demo";
import { GET as metricsGET } from "@/app/metrics/route";
import { GET } from "./route";
import { embeddingBacklog } from "@/lib/metrics/work-backlog";

const get = async (route: typeof GET, url: string) => route(new NextRequest(new URL(url, "http://localhost")), { params: Promise.resolve({}) });

interface Health {
  status: string;
  pending_embeddings: number;
  queue: { queue: string; queued: number; created: number; retry: number; active: number; lag_seconds: number }[];
  embedding_backlog: { space: string; modality: string; active_model: string | null; building_model: string | null; pending: number }[];
}

beforeAll(async () => {
  await resetDatabase();
  await uploadLines(
    ["a", "b", "c"].flatMap((id) => [
      { type: "sample", id: `h/${id}`, benchmark: "h", input: `question ${id}` },
      { type: "score", sample: `h/${id}`, model: "m1", metric: "acc", value: 1 },
    ]),
  );
  // The upload queued its own jobs (embed, health check…); start from an empty queue.
  await boss();
  await pool().query(`DELETE FROM pgboss.job`);
});
afterAll(async () => {
  await pool().query(`DELETE FROM pgboss.job`);
  await stopQueue();
  await closeDb();
});

describe("GET /api/health", () => {
  it("counts each space's visible samples without a vector of its active model", async () => {
    let body = (await (await get(GET, "/api/health")).json()) as Health;
    expect(body.status).toBe("ok");
    const text = () => body.embedding_backlog.find((s) => s.space === "text")!;
    expect(text()).toEqual({ space: "text", modality: "text", active_model: null, building_model: null, pending: 3 });
    expect(body.embedding_backlog.find((s) => s.space === "image")).toMatchObject({ modality: "image", pending: 0 });
    expect(body.pending_embeddings).toBe(3);

    // One sample gets a vector of a model that is then made active: two remain.
    const { rows } = await pool().query<{ pk: number; dim: number }>(`SELECT s.pk, sp.dim FROM samples s, embedding_spaces sp WHERE s.id = 'h/a' AND sp.space = 'text'`);
    await insertEmbeddings({ space: "text", dim: rows[0].dim }, "test-model", [rows[0].pk], [new Float32Array(rows[0].dim).fill(0.1)]);
    expect(await activateFirstModel("text", "test-model")).toBe(true);
    body = (await (await get(GET, "/api/health")).json()) as Health;
    expect(text()).toMatchObject({ active_model: "test-model", pending: 2 });
    expect(body.pending_embeddings).toBe(2);
  });

  it("the home page's count of samples waiting for vectors is taken afresh only after 2 s (/api/health counts every time)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const before = (await semanticIndexStatus()).pending;
      expect(before).toBeGreaterThan(0);
      const { rows } = await pool().query<{ pk: number; dim: number }>(`SELECT s.pk, sp.dim FROM samples s, embedding_spaces sp WHERE s.id = 'h/b' AND sp.space = 'text'`);
      await insertEmbeddings({ space: "text", dim: rows[0].dim }, "test-model", [rows[0].pk], [new Float32Array(rows[0].dim).fill(0.2)]);
      expect(((await (await get(GET, "/api/health")).json()) as Health).pending_embeddings).toBe(before - 1);
      expect((await semanticIndexStatus()).pending).toBe(before);
      vi.setSystemTime(Date.now() + 2500);
      expect((await semanticIndexStatus()).pending).toBe(before - 1);
    } finally {
      vi.useRealTimers();
      // As the test before left it (the next one counts 2 waiting).
      await pool().query(`DELETE FROM embeddings e USING samples s WHERE e.sample_pk = s.pk AND s.id = 'h/b'`);
    }
  });

  it("reports every queue's created, retry and active jobs and how long the oldest due one has waited", async () => {
    const ids = [];
    for (const slug of ["x", "y", "z"]) ids.push(await enqueue(QUEUES.refreshLeaderboard, { slug }, { singletonKey: slug }));
    // Not due for an hour: queued, but no lag.
    await enqueue(QUEUES.checkHealth, {}, { singletonKey: "health", startAfterSeconds: 3600 });
    await pool().query(`UPDATE pgboss.job SET start_after = now() - interval '90 seconds' WHERE id = $1`, [ids[0]]);
    await pool().query(`UPDATE pgboss.job SET state = 'retry' WHERE id = $1`, [ids[1]]);
    await pool().query(`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = $1`, [ids[2]]);

    const res = await get(GET, "/api/health");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Health;
    expect(body.queue.map((q) => q.queue).sort()).toEqual(Object.values(QUEUES).sort());
    const refresh = body.queue.find((q) => q.queue === QUEUES.refreshLeaderboard)!;
    expect(refresh).toMatchObject({ queued: 2, created: 1, retry: 1, active: 1 });
    expect(refresh.lag_seconds).toBeGreaterThanOrEqual(89);
    expect(refresh.lag_seconds).toBeLessThan(600);
    expect(body.queue.find((q) => q.queue === QUEUES.checkHealth)).toMatchObject({ queued: 1, created: 1, retry: 0, active: 0, lag_seconds: 0 });
    expect(body.queue.find((q) => q.queue === QUEUES.embedSamples)).toEqual({ queue: QUEUES.embedSamples, queued: 0, created: 0, retry: 0, active: 0, lag_seconds: 0 });

    const metrics = await (await get(metricsGET, "/metrics")).text();
    expect(metrics).toMatch(/^portal_queue_jobs\{queue="refresh-leaderboard",state="retry"\} 1$/m);
    expect(metrics).toMatch(/^portal_queue_jobs\{queue="refresh-leaderboard",state="active"\} 1$/m);
    expect(metrics).toMatch(/^portal_queue_lag_seconds\{queue="refresh-leaderboard"\} (89|9\d|1\d\d)(\.\d+)?$/m);
    expect(metrics).toMatch(/^portal_embedding_backlog\{space="text"\} 2$/m);
  });

  it("counts image samples as waiting only where SigLIP embeds images: with the text fallback nothing waits for them", async () => {
    await pool().query(`INSERT INTO images (sha256, content_type, width, height, data, thumb) VALUES (repeat('a', 64), 'image/png', 1, 1, '\\x00', '\\x00') ON CONFLICT DO NOTHING`);
    await pool().query(`UPDATE samples SET image_sha256 = repeat('a', 64) WHERE id = 'h/c'`);
    try {
      // This process has no SigLIP (image_embedder.kind text-fallback): the image space waits for nothing.
      const body = (await (await get(GET, "/api/health")).json()) as Health & { image_embedder: { kind: string } };
      expect(body.image_embedder.kind).not.toBe("siglip");
      expect(body.embedding_backlog.find((s) => s.space === "image")).toMatchObject({ pending: 0 });
      expect(await (await get(metricsGET, "/metrics")).text()).toMatch(/^portal_embedding_backlog\{space="image"\} 0$/m);
      // Where SigLIP embeds images, the image sample without a vector is waiting.
      expect((await embeddingBacklog(true)).find((s) => s.space === "image")).toMatchObject({ pending: 1 });
      expect((await embeddingBacklog(false)).find((s) => s.space === "image")).toMatchObject({ pending: 0 });
    } finally {
      await pool().query(`UPDATE samples SET image_sha256 = NULL WHERE id = 'h/c'`);
      await pool().query(`DELETE FROM images WHERE sha256 = repeat('a', 64)`);
    }
  });
});
