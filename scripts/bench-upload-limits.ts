// `npm run bench:upload-limits`: how hostile uploads and token guessing are refused, measured on a
// throwaway embedded database through the real route handlers (in-process, no web server):
//  - a gzip bomb, 2.2 MB inflating to 2.2 GB of zeros, and a 194 kB "newline bomb" (~200 MB of
//    newlines): time to the 413, peak RSS;
//  - 40 wrong tokens in a row from one address: the attempt that first gets 429.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { NextRequest } from "next/server";
import pg from "pg";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { reloadEnv } from "@/lib/env";

const dir = mkdtempSync(path.join(tmpdir(), "bench-upload-limits-"));

function request(body: BodyInit, headers: Record<string, string>): NextRequest {
  const init = { method: "POST", body, headers: { "content-type": "application/x-ndjson", ...headers }, duplex: "half" };
  return new NextRequest(new URL("/api/uploads", "http://localhost"), init as ConstructorParameters<typeof NextRequest>[1]);
}

function stream(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({ pull: (c) => (i < parts.length ? c.enqueue(parts[i++]) : c.close()) });
}

async function main() {
  const db = await startEmbeddedPostgres({ dataDir: dir });
  process.env.DATABASE_URL = db.url;
  reloadEnv();
  const admin = new pg.Pool({ connectionString: db.url, max: 1 });
  await migrate(admin);
  await admin.end();
  const { POST } = await import("@/app/api/uploads/route");
  const { createToken } = await import("@/lib/auth/tokens");
  const { closeDb } = await import("@/lib/db/client");
  const { token } = await createToken("bench");
  const ctx = { params: Promise.resolve({}) };
  const auth = { authorization: `Bearer ${token}` };

  const member = gzipSync(Buffer.alloc(8 * 1024 * 1024));
  const zeros = Array.from({ length: 275 }, () => new Uint8Array(member));
  const newlines = gzipSync(Buffer.alloc(200 * 1024 * 1024, 0x0a), { level: 9 });
  const bombs = [
    { name: "gzip bomb (zeros)", parts: zeros, compressed: member.length * zeros.length, inflated: 275 * 8 * 1024 * 1024 },
    { name: "newline bomb", parts: [new Uint8Array(newlines)], compressed: newlines.length, inflated: 200 * 1024 * 1024 },
  ];
  global.gc?.();
  console.log("| body | sent | would inflate to | answer | time to answer | RSS growth (peak) |");
  console.log("|---|---|---|---|---|---|");
  for (const b of bombs) {
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = performance.now();
    const res = await POST(request(stream(b.parts), auth), ctx);
    const ms = performance.now() - t0;
    clearInterval(sampler);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
    console.log(`| ${b.name} | ${mb(b.compressed)} | ${mb(b.inflated)} | ${res.status} | ${ms.toFixed(0)} ms | ${mb(peak - base)} |`);
  }

  let first429 = 0;
  let retryAfter = "";
  for (let i = 1; i <= 40 && !first429; i++) {
    const res = await POST(request("x", { authorization: `Bearer obp_${String(i).padStart(32, "0")}`, "x-forwarded-for": "203.0.113.9" }), ctx);
    if (res.status === 429) {
      first429 = i;
      retryAfter = res.headers.get("retry-after") ?? "";
    }
  }
  console.log(`\nwrong tokens from one address: first 429 at attempt ${first429} (Retry-After: ${retryAfter} s)`);
  await closeDb();
  await db.stop();
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));
