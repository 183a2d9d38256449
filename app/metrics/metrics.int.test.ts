// GET /metrics: Prometheus text with the process's metrics, uploads by status from the database,
// and refused writes counted by reason.
import { NextRequest } from "next/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { resetDatabase } from "@/test/db";
import { uploadLines } from "@/test/demo";
import { POST } from "@/app/api/uploads/route";
import { GET } from "./route";

beforeAll(resetDatabase);
afterAll(closeDb);

it("reports uploads by status and refused writes", async () => {
  await uploadLines([{ type: "sample", id: "m/1", benchmark: "m", input: "q" }]);
  const refused = await POST(new NextRequest(new URL("/api/uploads", "http://localhost"), { method: "POST", body: "x", headers: { "x-forwarded-for": "192.0.2.200" } }), { params: Promise.resolve({}) });
  expect(refused.status).toBe(401);
  const res = await GET(new NextRequest(new URL("/metrics", "http://localhost")), { params: Promise.resolve({}) });
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(text).toMatch(/^portal_uploads\{status="done"\} 1$/m);
  expect(text).toMatch(/^portal_uploads\{status="running"\} 0$/m);
  expect(text).toMatch(/^portal_upload_spool_bytes 0$/m);
  expect(text).toMatch(/^portal_write_refusals_total\{reason="unauthorized"\} [1-9]\d*$/m);
  expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
});
