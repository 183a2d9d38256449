// One error type, one error body, one status table. Handlers throw ApiError; the wrapper in
// handler.ts turns it into {"error":{"code","message"}} with the status below.

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
  /** Too much work queued in this process: retry after the Retry-After header's seconds. */
  overloaded: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Sent with the error (e.g. Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

/** What a client is told to wait before asking again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database is unreachable or refusing sessions for now (not a fault of the request): socket
 * errors, SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, crash, starting up),
 * 53300 (too many connections).
 */
const UNAVAILABLE_SOCKET = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);
const UNAVAILABLE_SQLSTATE = new Set(["57P01", "57P02", "57P03", "53300"]);
/** node-postgres reports these without a code: a pool that could not connect in time, a session cut off. */
const UNAVAILABLE_MESSAGE = /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error/i;

function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 3) return false;
  const { code, message, errors, cause } = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === "string" && (UNAVAILABLE_SOCKET.has(code) || UNAVAILABLE_SQLSTATE.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
  // A host with several addresses fails with an AggregateError of one error per address.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * Postgres errors that are the client's fault map to 4xx; a database that is away maps to 503 with
 * Retry-After (the pool reconnects by itself when it is back); everything else stays a 500.
 */
export function fromDatabaseError(err: unknown): ApiError | null {
  const code = (err as { code?: string } | null)?.code;
  if (code === "23505") return new ApiError("conflict", "That resource already exists");
  if (code === "23503") return new ApiError("not_found", "A referenced resource does not exist");
  if (isDatabaseUnavailable(err)) {
    return new ApiError("unavailable", "The database is unavailable; try again shortly", { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
  }
  return null;
}
