import { NextRequest, NextResponse } from "next/server";
import { describe, expect, it } from "vitest";
import { redirectLogs } from "@/lib/log";
import { ApiError } from "./errors";
import { handler, otherMethods } from "./handler";

/** The JSON lines logged while `fn` runs. */
async function logLines(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const restore = redirectLogs({ write: (s: string) => void lines.push(s) }, "info");
  try {
    await fn();
  } finally {
    restore();
  }
  return lines.map((l) => JSON.parse(l));
}

const call = (route: ReturnType<typeof handler>, url: string, params: Record<string, string | string[]> = {}, method = "GET") =>
  route(new NextRequest(`http://localhost${url}`, { method }), { params: Promise.resolve(params) });
const route = (r: ReturnType<typeof handler>, req: NextRequest) => r(req, { params: Promise.resolve({}) });
const ok = handler(async () => NextResponse.json({ ok: true }));

describe("handler", () => {
  it("marks each answer for caches: public data revalidated, per-process answers and errors never stored", async () => {
    expect((await call(ok, "/api/x")).headers.get("cache-control")).toBe("public, no-cache");
    expect((await call(handler(async () => NextResponse.json({}), { cache: "no-store" }), "/api/x")).headers.get("cache-control")).toBe("no-store");
    expect((await call(ok, "/api/x", {}, "POST")).headers.get("cache-control")).toBe("no-store");
    const failed = await call(handler(async () => { throw new ApiError("not_found", "No such thing"); }), "/api/x");
    expect([failed.status, failed.headers.get("cache-control")]).toEqual([404, "no-store"]);
  });

  it("refuses text the database cannot take in any path or query parameter, before the route runs", async () => {
    const cases: [string, Record<string, string | string[]>, string][] = [
      ["/api/x?tag=a%00b", {}, 'Parameter "tag": must not contain a NUL byte'],
      ["/api/x?%01=1", {}, 'Parameter "(its name)": must not contain control characters (found U+0001)'],
      ["/api/x", { name: "a\u0000" }, 'Path parameter "name": must not contain a NUL byte'],
      ["/api/x", { id: ["ok", "\uD800"] }, 'Path parameter "id": must be valid Unicode (it has an unpaired surrogate)'],
    ];
    for (const [url, params, message] of cases) {
      const res = await call(ok, url, params);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: "bad_request", message } });
    }
  });

  it("answers methods a route does not implement with a JSON 405 and Allow", async () => {
    const { DELETE } = otherMethods("GET", "POST");
    const res = await DELETE(new NextRequest("http://localhost/api/x", { method: "DELETE" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect(await res.json()).toEqual({ error: { code: "method_not_allowed", message: "DELETE is not allowed here; use GET, POST" } });
  });

  it("logs each request once with its id, method, path, status and duration, and echoes the id", async () => {
    let res: Response | undefined;
    const lines = await logLines(async () => {
      res = await route(ok, new NextRequest("http://localhost/api/x?q=secret", { headers: { "x-request-id": "abc-123" } }));
    });
    expect(res!.headers.get("x-request-id")).toBe("abc-123");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", component: "api", req_id: "abc-123", method: "GET", path: "/api/x", status: 200, msg: "request" });
    expect(typeof lines[0].duration_ms).toBe("number");
    expect(lines[0].duration_ms as number).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(lines[0])).not.toContain("secret");
  });

  it("makes up an id when the client's is missing or not plain, and logs a 500's detail that the client never sees", async () => {
    const ids: string[] = [];
    for (const given of [undefined, "", "a b", "x".repeat(129), "<script>"]) {
      const headers: Record<string, string> = given === undefined ? {} : { "x-request-id": given };
      const res = await route(ok, new NextRequest("http://localhost/api/x", { headers }));
      ids.push(res.headers.get("x-request-id")!);
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);

    const failing = handler(async () => {
      throw new Error("disk on fire at /secret/path");
    });
    let res: Response | undefined;
    const lines = await logLines(async () => {
      res = await route(failing, new NextRequest("http://localhost/api/y", { method: "POST" }));
    });
    expect(res!.status).toBe(500);
    expect(await res!.text()).not.toContain("disk on fire");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", method: "POST", path: "/api/y", status: 500, err: { message: "disk on fire at /secret/path" } });
  });

  it("logs client errors and JSON 405s as requests, without an error detail", async () => {
    const lines = await logLines(async () => {
      await call(handler(async () => { throw new ApiError("not_found", "No such thing"); }), "/api/z");
      await otherMethods("GET").DELETE(new NextRequest("http://localhost/api/z", { method: "DELETE" }));
    });
    expect(lines.map((l) => [l.level, l.method, l.status, l.error_code, "err" in l])).toEqual([
      ["info", "GET", 404, "not_found", false],
      ["info", "DELETE", 405, "method_not_allowed", false],
    ]);
  });

  it("logs the request gate's wait before the handler, when the gate said it", async () => {
    const lines = await logLines(async () => {
      await route(ok, new NextRequest("http://localhost/api/a", { headers: { "x-portal-queue-ms": "1234" } }));
      await route(ok, new NextRequest("http://localhost/api/b", { headers: { "x-portal-queue-ms": "soon" } }));
    });
    expect(lines[0]).toMatchObject({ path: "/api/a", queue_ms: 1234 });
    expect("queue_ms" in lines[1]).toBe(false);
  });

  it("logs why a request was turned away with a 503: its code and message, at warn", async () => {
    const lines = await logLines(async () => {
      const busy = handler(async () => {
        throw new ApiError("unavailable", "Semantic search is not ready: no model", { "Retry-After": "5" });
      });
      const res = await call(busy, "/api/leaderboard");
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      await call(ok, "/api/ok");
    });
    expect(lines[0]).toMatchObject({ level: "warn", path: "/api/leaderboard", status: 503, error_code: "unavailable", error_message: "Semantic search is not ready: no model", msg: "request turned away" });
    expect(lines[1]).toMatchObject({ level: "info", status: 200, msg: "request" });
    expect("error_code" in lines[1]).toBe(false);
  });
});
