// proxy.ts in-process: the headers each kind of answer gets, a fresh nonce per page view handed to
// Next.js through the request's CSP header, and malformed paths answered before any route.
// (e2e/hostile.spec.ts checks the same on the running server, and that pages still hydrate.)
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import nextConfig from "@/next.config";
import { COMMON_HEADERS } from "@/lib/web/security-headers";

const get = (path: string) => proxy(new NextRequest(`http://localhost${path}`));
/** What the proxy asked Next.js to add to the request it renders (x-middleware-request-*). */
const forwarded = (res: Response, name: string) => res.headers.get(`x-middleware-request-${name}`);

describe("proxy", () => {
  it("gives each page view its own nonce, in the answer's CSP and in the request Next.js renders", () => {
    const [a, b] = [get("/leaderboards"), get("/leaderboards")];
    const csp = a.headers.get("content-security-policy")!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toHaveLength(24);
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    expect(forwarded(a, "content-security-policy")).toBe(csp);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic';/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const d of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) expect(csp).toContain(d);
  });

  it("gives API answers a policy that loads nothing", () => {
    expect(get("/api/leaderboard").headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  });

  it("answers malformed API paths with the JSON 400 and sends malformed page paths to the 404 page", async () => {
    const api = get("/api/models/%ZZ");
    expect(api.status).toBe(400);
    expect(api.headers.get("cache-control")).toBe("no-store");
    expect(await api.json()).toEqual({ error: { code: "bad_request", message: 'Path segment "%ZZ" has a percent-escape that is not valid UTF-8' } });
    expect(get("/models/%ED%A0%80").headers.get("x-middleware-rewrite")).toBe("http://localhost/_malformed-path");
    expect(get("/models/GPT%204").headers.get("x-middleware-rewrite")).toBeNull();
  });

  it("answers page views with invalid query parameters 400 (the page renders the message), valid ones 200", () => {
    for (const url of ["/leaderboard?k=abc", "/samples?threshold=2", "/compare?k=-1", "/models/gpt-4?limit=0", "/query?method=nonsense"]) {
      const res = get(url);
      expect(res.status, url).toBe(400);
      expect(res.headers.get("x-middleware-next"), url).toBe("1");
      expect(forwarded(res, "content-security-policy"), url).toBe(res.headers.get("content-security-policy"));
    }
    for (const url of ["/leaderboard?k=50", "/samples?threshold=0.2", "/leaderboard?k=", "/api/leaderboard?k=abc"]) expect(get(url).status, url).toBe(200);
  });

  it("leaves static files to next.config.ts, which gives every answer nosniff, a referrer policy and no framing", async () => {
    const rules = await nextConfig.headers!();
    expect(rules).toEqual([{ source: "/:path*", headers: Object.entries(COMMON_HEADERS).map(([key, value]) => ({ key, value })) }]);
    expect(COMMON_HEADERS).toMatchObject({ "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin", "X-Frame-Options": "DENY" });
  });
});
