// The handler wrapper every route uses: validates the query with zod before anything else, and maps
// thrown errors to the one error body. Unknown errors become a generic 500; their detail goes to the log only.
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { ApiError, fromDatabaseError, type ErrorBody } from "./errors";

export function errorResponse(err: ApiError): NextResponse<ErrorBody> {
  return NextResponse.json({ error: { code: err.code, message: err.message } }, { status: err.status });
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

export function handler(fn: (req: NextRequest, ctx: { params: Params }) => Promise<Response>) {
  return async (req: NextRequest, ctx: Ctx): Promise<Response> => {
    try {
      return await fn(req, { params: (await ctx?.params) ?? {} });
    } catch (err) {
      return errorResponse(toApiError(err));
    }
  };
}

/** Collects a URLSearchParams into an object; repeated keys become arrays. */
export function searchParamsObject(sp: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(sp.keys())) {
    const all = sp.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

/** Parses query parameters with a zod schema; the error names the parameter. */
export function parseQuery<S extends z.ZodType>(sp: URLSearchParams, schema: S): z.infer<S> {
  const parsed = schema.safeParse(searchParamsObject(sp));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue.path.join(".") || "query";
    throw new ApiError("bad_request", `Parameter "${name}": ${issue.message}`);
  }
  return parsed.data;
}

/** A query value that may be given once or repeated, as a list. */
export const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((s) => s.length > 0));
