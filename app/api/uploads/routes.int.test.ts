// POST /api/uploads and GET /api/uploads/{id} (spec/api.md): tokens, raw and multipart bodies, gzip,
// the 200/202 split, 413 past the size limit — and that refused writes change nothing stored.
import { gzipSync } from "node:zlib";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "@/lib/auth/tokens";
import { closeDb } from "@/lib/db/client";
import { reloadEnv } from "@/lib/env";
import { stopQueue } from "@/lib/queue";
import { resetDatabase, tableCounts } from "@/test/db";
import { POST } from "./route";
import { GET } from "./[id]/route";

const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
let token = "";

function results(n: number, bench = "api-bench"): string {
  const lines: object[] = [];
  for (let i = 0; i < n; i++) {
    lines.push({ type: "sample", id: `${bench}/${i}`, benchmark: bench, input: `Question ${i}` });
    lines.push({ type: "score", sample: `${bench}/${i}`, model: "api-model", metric: "accuracy", value: i % 2 });
    lines.push({ type: "score", sample: `${bench}/${i}`, model: "other-model", metric: "accuracy", value: 1 });
  }
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

function post(body: BodyInit, opts: { auth?: string | null; query?: string; headers?: Record<string, string> } = {}) {
  // A FormData body brings its own multipart content type (with the boundary).
  const headers: Record<string, string> = body instanceof FormData ? { ...opts.headers } : { "content-type": "application/x-ndjson", ...opts.headers };
  const auth = opts.auth === undefined ? `Bearer ${token}` : opts.auth;
  if (auth) headers.authorization = auth;
  return POST(new NextRequest(new URL(`/api/uploads${opts.query ?? ""}`, "http://localhost"), { method: "POST", body, headers }), ctx());
}

beforeAll(async () => {
  await resetDatabase();
  token = (await createToken("api-test")).token;
});
afterAll(async () => {
  delete process.env.UPLOAD_MAX_BYTES;
  delete process.env.UPLOAD_SYNC_BYTES;
  reloadEnv();
  await stopQueue();
  await closeDb();
});

describe("POST /api/uploads", () => {
  it("answers 401 without a token or with a wrong one, storing nothing", async () => {
    const before = await tableCounts();
    for (const auth of [null, "Bearer obp_not-a-real-token", "Basic abc"]) {
      const res = await post(results(2), { auth });
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe("unauthorized");
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("stores a small raw body and answers 200 with the report; GET returns the same report", async () => {
    const res = await post(results(3));
    expect(res.status).toBe(200);
    const report = await res.json();
    expect(report).toMatchObject({ status: "done", counts: { samples_new: 3, measurements_new: 6, rejected: 0 } });
    const again = await GET(new NextRequest(new URL(`/api/uploads/${report.id}`, "http://localhost")), ctx({ id: report.id }));
    expect(await again.json()).toMatchObject({ id: report.id, status: "done", progress: 1, counts: report.counts });
  });

  it("accepts gzip, and a multipart `file` field with partial=true, naming the bad line", async () => {
    const gz = await post(new Uint8Array(gzipSync(results(2, "gz-bench"))), { headers: { "content-encoding": "gzip" } });
    expect((await gz.json()).counts.samples_new).toBe(2);

    const form = new FormData();
    form.set("file", new File([results(2, "mp-bench") + '{"type":"score","sample":"mp-bench/0","model":"m","metric":"accuracy","value":"n/a"}\n'], "r.jsonl"));
    const res = await post(form, { query: "?partial=true" });
    const report = await res.json();
    expect(report.status).toBe("done");
    expect(report.counts).toMatchObject({ samples_new: 2, measurements_new: 4, rejected: 1 });
    expect(report.errors).toEqual([{ line: 7, message: expect.stringContaining('"value" must be a finite number') }]);
  });

  it("answers 202 at once for large bodies, which wait queued for the worker", async () => {
    process.env.UPLOAD_SYNC_BYTES = "100";
    reloadEnv();
    const res = await post(results(5, "big-bench"));
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: "queued" });
    const status = await GET(new NextRequest(new URL(`/api/uploads/${body.id}`, "http://localhost")), ctx({ id: body.id }));
    expect((await status.json()).status).toBe("queued");
  });

  it("answers 413 past the size limit, by declared length and while streaming, storing nothing", async () => {
    process.env.UPLOAD_MAX_BYTES = "1000";
    reloadEnv();
    const before = await tableCounts();
    const declared = await post(results(50), { headers: { "content-length": "5000" } });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.message).toMatch(/limit of 1000 bytes/);
    const streamed = await post(results(50));
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).error.code).toBe("payload_too_large");
    expect(await tableCounts()).toEqual(before);
  });

  it("answers 404 for an unknown upload id", async () => {
    const res = await GET(new NextRequest(new URL("/api/uploads/x", "http://localhost")), ctx({ id: "00000000-0000-0000-0000-000000000000" }));
    expect(res.status).toBe(404);
  });
});
