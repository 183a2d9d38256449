// Tokens on the write routes: scopes, revocation at once, and wrong tokens limited per address
// (429 + Retry-After before the 40th; refused before any database work once limited).
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "@/lib/auth/tokens";
import { closeDb } from "@/lib/db/client";
import { stopQueue } from "@/lib/queue";
import { resetDatabase, tableCounts } from "@/test/db";
import { POST as postLeaderboard } from "@/app/api/leaderboards/route";
import { POST as postUpload } from "@/app/api/uploads/route";
import { DELETE as deleteToken } from "./[id]/route";
import { GET as listTokens, POST as postToken } from "./route";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

function call(fn: Handler, path: string, opts: { token?: string; address?: string; method?: string; body?: string; params?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", "x-forwarded-for": opts.address ?? "192.0.2.1" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const req = new NextRequest(new URL(path, "http://localhost"), { method: opts.method ?? "POST", headers, body: opts.body });
  return fn(req, { params: Promise.resolve(opts.params ?? {}) });
}

let upload = "";
let admin = "";

beforeAll(async () => {
  await resetDatabase();
  upload = (await createToken("uploader")).token;
  admin = (await createToken("ops", ["admin"])).token;
});
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

describe("tokens on write routes", () => {
  it("refuses anonymous writes on every write route, and an upload token on admin routes", async () => {
    for (const [fn, path] of [[postUpload, "/api/uploads"], [postLeaderboard, "/api/leaderboards"], [postToken, "/api/tokens"]] as const) {
      const res = await call(fn as Handler, path, { body: "{}", address: "192.0.2.10" });
      expect(res.status, path).toBe(401);
    }
    const res = await call(postToken, "/api/tokens", { token: upload, body: JSON.stringify({ name: "x" }) });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toMatch(/"admin" scope/);
    expect((await call(listTokens, "/api/tokens", { token: upload, method: "GET" })).status).toBe(403);
  });

  it("creates tokens with scopes (admin), and a revoked token fails with its next request", async () => {
    const created = await call(postToken, "/api/tokens", { token: admin, body: JSON.stringify({ name: "ci bot" }) });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({ name: "ci bot", scopes: ["upload"], token: expect.stringMatching(/^obp_/) });
    const list = await (await call(listTokens, "/api/tokens", { token: admin, method: "GET" })).json();
    expect(JSON.stringify(list)).not.toContain(body.token);

    const ok = await call(postUpload as Handler, "/api/uploads", { token: body.token, body: "" });
    expect(ok.status).not.toBe(401);
    const revoked = await call(deleteToken, `/api/tokens/${body.id}`, { token: admin, method: "DELETE", params: { id: String(body.id) } });
    expect(revoked.status).toBe(200);
    const after = await call(postUpload as Handler, "/api/uploads", { token: body.token, body: "{}" });
    expect(after.status).toBe(401);
  });

  it("answers 429 with Retry-After before the 40th wrong token from one address, and only for that address", async () => {
    const before = await tableCounts();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 40; i++) {
      const res = await call(postUpload as Handler, "/api/uploads", { token: `obp_${String(i).padStart(32, "x")}`, address: "198.51.100.7", body: "{}" });
      statuses.push(res.status);
      retryAfter ??= res.headers.get("retry-after");
    }
    const first429 = statuses.indexOf(429) + 1;
    expect(first429).toBeGreaterThan(1);
    expect(first429).toBeLessThan(40);
    expect(statuses.slice(0, first429 - 1).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(first429 - 1).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Limited: even the right token from that address waits; another address is unaffected.
    expect((await call(postUpload as Handler, "/api/uploads", { token: upload, address: "198.51.100.7", body: "" })).status).toBe(429);
    expect((await call(postUpload as Handler, "/api/uploads", { token: "obp_nope", address: "198.51.100.8", body: "" })).status).toBe(401);
    expect(await tableCounts()).toEqual(before);
  });

  it("limits JSON bodies of the other write routes", async () => {
    const huge = JSON.stringify({ slug: "x", title: "t".repeat(200_000) });
    const res = await call(postLeaderboard, "/api/leaderboards", { token: upload, body: huge });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("payload_too_large");
  });
});
