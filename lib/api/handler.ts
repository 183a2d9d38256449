// The handler wrapper every route uses: refuses text the database cannot take in any path or query
// parameter, validates the query with zod before anything else (in the route), and maps thrown
// errors to the one error body. Unknown errors become a generic 500; their detail goes to the log only.
// Every request is logged once, here: request id, method, path, status, duration (and its wait in
// npm start's request gate before it, queue_ms; its statements and their time, db_queries and
// db_ms), and for an error answer its code (a 5xx also its message, at warn: why the portal
// turned a request away).
import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { logger } from "@/lib/log";
import { countingDb, type DbTiming } from "@/lib/db/request-timing";
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

export function errorResponse(err: ApiError): NextResponse<ErrorBody> {
  const res = NextResponse.json({ error: { code: err.code, message: err.message } }, { status: err.status });
  for (const [name, value] of Object.entries(err.headers)) res.headers.set(name, value);
  res.headers.set("Cache-Control", CACHE_CONTROL["no-store"]);
  return res;
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return fromDatabaseError(err) ?? new ApiError("internal", "Internal server error");
}

/** A client's or proxy's id is kept when it is plain and short, so it can be followed across hops. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestId(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The header in which npm start's request gate (scripts/lib/request-gate.mjs, its QUEUE_HEADER) says a request's wait. */
export const QUEUE_HEADER = "x-portal-queue-ms";

/**
 * The request's wait for a turn in npm start's request gate (which sets the header, removing a
 * client's own), before this handler's duration began.
 */
function queueWait(req: NextRequest): { queue_ms?: number } {
  const raw = req.headers.get(QUEUE_HEADER);
  const waited = raw === null ? NaN : Number(raw);
  return Number.isFinite(waited) && waited >= 0 ? { queue_ms: waited } : {};
}

/**
 * Runs a request, answers errors with the error body, echoes the request id and logs one line.
 * Unexpected errors answered with a 5xx log their detail (the client only sees the error body).
 */
async function logged(req: NextRequest, run: () => Promise<Response>): Promise<Response> {
  const t0 = performance.now();
  const id = requestId(req);
  let res: Response;
  let failure: unknown;
  let answered: ApiError | undefined;
  const timing: DbTiming = { queries: 0, ms: 0 };
  try {
    res = await countingDb(timing, run);
  } catch (err) {
    answered = toApiError(err);
    if (answered.status >= 500 && !(err instanceof ApiError)) failure = err;
    res = errorResponse(answered);
  }
  res.headers.set("X-Request-Id", id);
  const line = {
    req_id: id,
    method: req.method,
    path: req.nextUrl.pathname,
    status: res.status,
    duration_ms: Math.round((performance.now() - t0) * 10) / 10,
    ...queueWait(req),
    db_queries: timing.queries,
    db_ms: Math.round(timing.ms * 10) / 10,
    ...(answered && { error_code: answered.code }),
  };
  const log = logger("api");
  if (failure !== undefined) log[res.status === 500 ? "error" : "warn"]({ ...line, err: failure }, "request failed");
  else if (answered && answered.status >= 500) log.warn({ ...line, error_message: answered.message }, "request turned away");
  else log.info(line, "request");
  return res;
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
  return (req: NextRequest, ctx: Ctx): Promise<Response> =>
    logged(req, async () => {
      const params = (await ctx?.params) ?? {};
      checkRequestText(params, req.nextUrl.searchParams);
      const res = await fn(req, { params });
      if (!res.headers.has("Cache-Control")) {
        res.headers.set("Cache-Control", req.method === "GET" && res.status < 300 ? CACHE_CONTROL[opts.cache ?? "revalidate"] : CACHE_CONTROL["no-store"]);
      }
      return res;
    });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * JSON 405 answers for the methods a route does not implement (Next answers those with an empty
 * body): `export const { POST, PUT, PATCH, DELETE } = otherMethods("GET")`.
 */
export function otherMethods(...allowed: Method[]): Record<Method, (req: NextRequest) => Promise<Response>> {
  const allow = allowed.join(", ");
  const refuse = (req: NextRequest) =>
    logged(req, async () => {
      throw new ApiError("method_not_allowed", `${req.method} is not allowed here; use ${allow}`, { Allow: allow });
    });
  return Object.fromEntries(METHODS.map((m) => [m, refuse])) as Record<Method, typeof refuse>;
}
