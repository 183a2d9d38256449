// Writes need a token: `Authorization: Bearer TOKEN` (spec/api.md, Tokens) with the scope the route
// names. Wrong tokens are counted per client address (lib/auth/attempts.ts): past the limit the
// address gets 429 with Retry-After, and its requests are refused before any database work.
import { FailedAttempts } from "@/lib/auth/attempts";
import { allows, type Scope } from "@/lib/auth/scopes";
import { verifyToken } from "@/lib/auth/tokens";
import { env } from "@/lib/env";
import { countRefusal } from "@/lib/metrics";
import { ApiError } from "./errors";

const g = globalThis as unknown as { __portalAttempts?: FailedAttempts };

function attempts(): FailedAttempts {
  g.__portalAttempts ??= new FailedAttempts(env().AUTH_FAILURES_PER_MINUTE);
  return g.__portalAttempts;
}

/**
 * The client's address: the last X-Forwarded-For entry — the one the nearest proxy added (Next's
 * server sets the header to the socket's address when a request comes without one).
 */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for") ?? "";
  return forwarded.split(",").pop()?.trim().slice(0, 64) || "unknown";
}

export async function requireToken(req: Request, scope: Scope = "upload"): Promise<{ id: number; name: string }> {
  const address = clientAddress(req);
  const wait = attempts().blockedFor(address);
  if (wait > 0) {
    countRefusal("rate_limited");
    throw new ApiError("too_many_requests", `Too many wrong tokens from this address; try again in ${wait} s`, { "Retry-After": String(wait) });
  }
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) {
    countRefusal("unauthorized");
    throw new ApiError("unauthorized", 'Missing upload token: send "Authorization: Bearer TOKEN" (create one with `npm run token -- create NAME`)');
  }
  const token = await verifyToken(match[1]);
  if (!token) {
    countRefusal("unauthorized");
    attempts().fail(address);
    throw new ApiError("unauthorized", "Invalid or revoked upload token");
  }
  attempts().succeed(address);
  if (!allows(token.scopes, scope)) {
    countRefusal("forbidden");
    throw new ApiError("forbidden", `This token may not do this: it needs the "${scope}" scope`);
  }
  return { id: token.id, name: token.name };
}
