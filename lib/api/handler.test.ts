import { NextRequest, NextResponse } from "next/server";
import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { handler, otherMethods } from "./handler";

const call = (route: ReturnType<typeof handler>, url: string, params: Record<string, string | string[]> = {}, method = "GET") =>
  route(new NextRequest(`http://localhost${url}`, { method }), { params: Promise.resolve(params) });
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
});
