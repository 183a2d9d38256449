// GET /metrics: Prometheus text with the process's metrics, uploads by status from the database,
// and refused writes counted by reason.
import { NextRequest } from "next/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { resetDatabase } from "@/test/db";
import { uploadLines } from "@/test/demo";
import { POST } from "@/app/api/uploads/route";
import { createGate } from "@/scripts/lib/request-gate.mjs";
import { createPageCache } from "@/scripts/lib/page-cache.mjs";
import { GET } from "./route";

beforeAll(resetDatabase);
afterAll(closeDb);

it("reports uploads by status and refused writes", async () => {
  await uploadLines([{ type: "sample", id: "m/1", benchmark: "m", input: "q" }]);
  const refused = await POST(new NextRequest(new URL("/api/uploads", "http://localhost"), { method: "POST", body: "x", headers: { "x-forwarded-for": "192.0.2.200" } }), { params: Promise.resolve({}) });
  expect(refused.status).toBe(401);
  // Behind the request gate (npm start preloads it): its counters are exported too.
  const gate = createGate({ active: 4, queue: 10 });
  Object.assign(gate.stats, { active: 3, queued: 7, admitted: 120, refused: 2, dropped: 1 });
  (globalThis as Record<symbol, unknown>)[Symbol.for("portal.requestGate")] = gate.stats;
  // And its rendered-page cache's (scripts/lib/page-cache.mjs).
  const pages = createPageCache({ maxBytes: 1 << 20, ttlMs: 1000 });
  Object.assign(pages.stats, { hits: 41, misses: 9, stored: 8, bytes: 123_456 });
  const res = await GET(new NextRequest(new URL("/metrics", "http://localhost")), { params: Promise.resolve({}) });
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(text).toMatch(/^portal_uploads\{status="done"\} 1$/m);
  expect(text).toMatch(/^portal_uploads\{status="running"\} 0$/m);
  expect(text).toMatch(/^portal_upload_spool_bytes 0$/m);
  expect(text).toMatch(/^portal_write_refusals_total\{reason="unauthorized"\} [1-9]\d*$/m);
  expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  expect(text).toMatch(/^portal_web_requests\{state="active"\} 3$/m);
  expect(text).toMatch(/^portal_web_requests\{state="queued"\} 7$/m);
  expect(text).toMatch(/^portal_web_gate_total\{outcome="refused"\} 2$/m);
  expect(text).toMatch(/^portal_web_gate_total\{outcome="dropped"\} 1$/m);
  expect(text).toMatch(/^portal_web_page_cache_total\{outcome="hit"\} 41$/m);
  expect(text).toMatch(/^portal_web_page_cache_total\{outcome="miss"\} 9$/m);
  expect(text).toMatch(/^portal_web_page_cache_bytes 123456$/m);
});
