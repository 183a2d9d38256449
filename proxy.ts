// Runs before every route (Next.js 16 proxy, formerly middleware): answers malformed paths itself
// (lib/web/request-path.ts), gives page views with invalid query parameters the status 400 that a
// page cannot set (lib/web/page-params.ts; the page renders the message), and sets the security
// headers, with a fresh CSP nonce for each page.
import { NextResponse, type NextRequest } from "next/server";
import { API_POLICY, newNonce, pagePolicy } from "@/lib/web/security-headers";
import { pathProblem } from "@/lib/web/request-path";
import { pageParamsProblem } from "@/lib/web/page-params";

/** Where malformed page paths are sent: no route matches it, so the layout's not-found page answers 404. */
const NOT_FOUND_PATH = "/_malformed-path";

function isApi(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

export function proxy(req: NextRequest): NextResponse {
  const { pathname } = req.nextUrl;
  const problem = pathProblem(pathname);
  if (isApi(pathname)) {
    const res = problem
      ? NextResponse.json({ error: { code: "bad_request", message: problem } }, { status: 400, headers: { "Cache-Control": "no-store" } })
      : NextResponse.next();
    res.headers.set("Content-Security-Policy", API_POLICY);
    return res;
  }
  const nonce = newNonce();
  const policy = pagePolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(req.headers);
  headers.set("Content-Security-Policy", policy);
  // Next.js renders the page with the status of the proxy's answer: the page's own error state, answered 400.
  const status = problem ? undefined : pageParamsProblem(pathname, req.nextUrl.searchParams) ? 400 : undefined;
  const res = problem ? NextResponse.rewrite(new URL(NOT_FOUND_PATH, req.url), { request: { headers } }) : NextResponse.next({ status, request: { headers } });
  res.headers.set("Content-Security-Policy", policy);
  return res;
}

export const config = {
  // Static build files carry no HTML; next.config.ts gives them the common headers.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
