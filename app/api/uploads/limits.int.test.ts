// POST /api/uploads under hostile bodies: decompression bombs refused while inflating, the
// in-request choice made on the inflated size, multipart read as a stream (fields after the file),
// bodies cut off — and every refusal leaves no upload row and no spooled chunk behind.
import { gzipSync } from "node:zlib";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "@/lib/auth/tokens";
import { closeDb, pool } from "@/lib/db/client";
import { reloadEnv } from "@/lib/env";
import { processUpload } from "@/lib/ingest";
import { stopQueue } from "@/lib/queue";
import { resetDatabase, tableCounts } from "@/test/db";
import { POST } from "./route";

let token = "";
const ctx = { params: Promise.resolve({}) };

function post(body: BodyInit, headers: Record<string, string> = {}, query = "") {
  const init = { method: "POST", body, headers: { authorization: `Bearer ${token}`, ...headers }, duplex: "half" } as RequestInit;
  return POST(new NextRequest(new URL(`/api/uploads${query}`, "http://localhost"), init as ConstructorParameters<typeof NextRequest>[1]), ctx);
}

function lines(n: number, bench: string): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(JSON.stringify({ type: "sample", id: `${bench}/${i}`, benchmark: bench, input: `Question ${i}` }));
    out.push(JSON.stringify({ type: "score", sample: `${bench}/${i}`, model: "m1", metric: "accuracy", value: i % 2 }));
  }
  return out.join("\n") + "\n";
}

/** A stream of `parts`, then (optionally) a failure, as a client that goes away mid-body. */
function streamOf(parts: Uint8Array[], failAtEnd = false): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (i < parts.length) c.enqueue(parts[i++]);
      else if (failAtEnd) c.error(new Error("client went away"));
      else c.close();
    },
  });
}

const chunkRows = async () => (await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM upload_chunks`)).rows[0].n;

beforeAll(async () => {
  await resetDatabase();
  token = (await createToken("limits")).token;
});
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

describe("POST /api/uploads limits", () => {
  it("refuses a gzip bomb (2.2 MB → 2.2 GB of zeros) by its inflation, storing nothing", async () => {
    const member = gzipSync(Buffer.alloc(8 * 1024 * 1024));
    const bomb = Array.from({ length: 275 }, () => new Uint8Array(member));
    const before = await tableCounts();
    const res = await post(streamOf(bomb), { "content-type": "application/x-ndjson", "content-encoding": "gzip" });
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toMatch(/decompression bomb/);
    expect(await tableCounts()).toEqual(before);
    expect(await chunkRows()).toBe(0);
  });

  it("decides in-request processing on the inflated size: a small gzip of a large file answers 202", async () => {
    const content = lines(4000, "inflated");
    const gz = gzipSync(content);
    expect(gz.length).toBeLessThan(256 * 1024);
    expect(content.length).toBeGreaterThan(256 * 1024);
    const res = await post(new Uint8Array(gz), { "content-type": "application/x-ndjson" });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    const row = (await pool().query(`SELECT file_bytes, inflated_bytes, status FROM uploads WHERE id = $1`, [id])).rows[0];
    expect(row).toEqual({ file_bytes: gz.length, inflated_bytes: content.length, status: "queued" });
    // The body waits in the database for any worker; processing it removes the spooled chunks.
    expect(await chunkRows()).toBe(1);
    expect(await processUpload(id)).toMatchObject({ status: "done", counts: { samples_new: 4000, measurements_new: 4000 } });
    expect(await chunkRows()).toBe(0);
  });

  it("bounds in-request processing in time: past UPLOAD_SYNC_MS the answer is 202 and the upload finishes anyway", async () => {
    process.env.UPLOAD_SYNC_MS = "1";
    reloadEnv();
    try {
      const res = await post(lines(300, "slow"), { "content-type": "application/x-ndjson" });
      expect(res.status).toBe(202);
      const { id, status } = await res.json();
      // Answered when the budget ran out: whatever the upload was doing then (on a busy machine it may not have started).
      expect(["queued", "running", "done"]).toContain(status);
      for (let i = 0; i < 600; i++) {
        const row = (await pool().query(`SELECT status FROM uploads WHERE id = $1`, [id])).rows[0];
        if (row.status === "done") break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await pool().query(`SELECT status, counts->>'samples_new' AS n FROM uploads WHERE id = $1`, [id])).rows[0]).toEqual({ status: "done", n: "300" });
    } finally {
      delete process.env.UPLOAD_SYNC_MS;
      reloadEnv();
    }
  });

  it("reads multipart as a stream: a `partial` field after the file applies; no file or too many parts is a 400", async () => {
    const form = new FormData();
    form.set("file", new File([lines(2, "mp") + '{"type":"score","sample":"mp/0","model":"m","metric":"accuracy","value":"x"}\n'], "r.jsonl"));
    form.set("partial", "true");
    const res = await post(form);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "done", partial: true, file_name: "r.jsonl", counts: { samples_new: 2, rejected: 1 } });

    const before = await tableCounts();
    const empty = new FormData();
    empty.set("note", "no file here");
    const noFile = await post(empty);
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).error.message).toMatch(/no "file" field/);
    const many = new FormData();
    for (let i = 0; i < 30; i++) many.set(`f${i}`, "x");
    many.set("file", new File([lines(1, "many")], "m.jsonl"));
    expect((await post(many)).status).toBe(400);
    expect(await tableCounts()).toEqual(before);
    expect(await chunkRows()).toBe(0);
  });

  it("answers 413 for a multipart file past the limit, while streaming, storing nothing", async () => {
    process.env.UPLOAD_MAX_BYTES = "1000";
    reloadEnv();
    try {
      const before = await tableCounts();
      const form = new FormData();
      form.set("file", new File([lines(100, "toobig")], "big.jsonl"));
      const res = await post(form);
      expect(res.status).toBe(413);
      expect((await res.json()).error.message).toMatch(/limit of 1000 bytes/);
      expect(await tableCounts()).toEqual(before);
      expect(await chunkRows()).toBe(0);
    } finally {
      delete process.env.UPLOAD_MAX_BYTES;
      reloadEnv();
    }
  });

  it("forgets an upload whose body is cut off mid-stream, with its chunks", async () => {
    const before = await tableCounts();
    const big = new Uint8Array(Buffer.from(lines(20_000, "cut")));
    const parts = [big.subarray(0, 600_000), big.subarray(600_000, 1_300_000)];
    const res = await post(streamOf(parts, true), { "content-type": "application/x-ndjson" });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/ended before it was complete/);
    expect(await tableCounts()).toEqual(before);
    expect(await chunkRows()).toBe(0);
  });
});
