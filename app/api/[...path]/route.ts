// Any /api path no route claims: the JSON error body with 404 for every method, not the HTML page.
import { ApiError } from "@/lib/api/errors";
import { handler } from "@/lib/api/handler";

const noRoute = handler(async (req) => {
  throw new ApiError("not_found", `No API route ${req.method} ${req.nextUrl.pathname}`);
});

export const GET = noRoute;
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = noRoute;
