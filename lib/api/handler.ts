// The handler wrapper every route uses: refuses text the database cannot take in any path or query
// parameter, validates the query with zod before anything else (in the route), and maps thrown
// errors to the one error body. Unknown errors become a generic 500; their detail goes to the log only.
import { NextResponse, type NextRequest } from "next/server";
import { textProblem } from "@/lib/selection/text";
import { ApiError, fromDatabaseError, type ErrorBody } from "./errors";

/**
 * What a cache may do with an answer. `revalidate`: public data that changes with every upload, so
 * a cache may keep it but must ask again each time; `no-store`: answers about one upload or the
 * process (progress, health) and every error, which must never be replayed.
 */
export const CACHE_CONTROL = {
  revalidate: "public, no-cache",
  "no-store": "no-store",
} as const;
export type CachePolicy = keyof typeof CACHE_CONTROL;

export function errorResponse(err: ApiError, headers?: HeadersInit): NextResponse<ErrorBody> {
  const res = NextResponse.json({ error: { code: err.code, message: err.message } }, { status: err.status, headers });
  for (const [name, value] of Object.entries(err.headers)) res.headers.set(name, value);
  res.headers.set("Cache-Control", CACHE_CONTROL["no-store"]);
  return res;
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const db = fromDatabaseError(err);
  if (db) return db;
  console.error("[api] unhandled error:", err);
  return new ApiError("internal", "Internal server error");
}

type Params = Record<string, string | string[]>;
type Ctx = { params: Promise<Params> };

/** Throws a 400 naming the first path or query parameter whose text the database could not take. */
export function checkRequestText(params: Params, search: URLSearchParams): void {
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      const problem = textProblem(v);
      if (problem) throw new ApiError("bad_request", `Path parameter "${name}": ${problem}`);
    }
  }
  for (const [name, value] of search) {
    const problem = textProblem(name) ?? textProblem(value);
    if (problem) throw new ApiError("bad_request", `Parameter "${textProblem(name) ? "(its name)" : name}": ${problem}`);
  }
}

export function handler(fn: (req: NextRequest, ctx: { params: Params }) => Promise<Response>, opts: { cache?: CachePolicy } = {}) {
  return async (req: NextRequest, ctx: Ctx): Promise<Response> => {
    try {
      const params = (await ctx?.params) ?? {};
      checkRequestText(params, req.nextUrl.searchParams);
      const res = await fn(req, { params });
      if (!res.headers.has("Cache-Control")) {
        res.headers.set("Cache-Control", req.method === "GET" && res.status < 300 ? CACHE_CONTROL[opts.cache ?? "revalidate"] : CACHE_CONTROL["no-store"]);
      }
      return res;
    } catch (err) {
      return errorResponse(toApiError(err));
    }
  };
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * JSON 405 answers for the methods a route does not implement (Next answers those with an empty
 * body): `export const { POST, PUT, PATCH, DELETE } = otherMethods("GET")`.
 */
export function otherMethods(...allowed: Method[]): Record<Method, (req: NextRequest) => Promise<Response>> {
  const allow = allowed.join(", ");
  const refuse = async (req: NextRequest) =>
    errorResponse(new ApiError("method_not_allowed", `${req.method} is not allowed here; use ${allow}`), { Allow: allow });
  return Object.fromEntries(METHODS.map((m) => [m, refuse])) as Record<Method, typeof refuse>;
}
