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

/** Postgres errors that are the client's fault map to 4xx; everything else stays a 500. */
export function fromDatabaseError(err: unknown): ApiError | null {
  const code = (err as { code?: string } | null)?.code;
  if (code === "23505") return new ApiError("conflict", "That resource already exists");
  if (code === "23503") return new ApiError("not_found", "A referenced resource does not exist");
  return null;
}
