// The handler wrapper every route uses: validates the query with zod before anything else, and maps
// thrown errors to the one error body. Unknown errors become a generic 500; their detail goes to the log only.
import { NextResponse, type NextRequest } from "next/server";
import { ApiError, fromDatabaseError, type ErrorBody } from "./errors";

export function errorResponse(err: ApiError): NextResponse<ErrorBody> {
  return NextResponse.json({ error: { code: err.code, message: err.message } }, { status: err.status, headers: err.headers });
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
