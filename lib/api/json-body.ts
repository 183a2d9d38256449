// JSON bodies of the write routes other than uploads (saved leaderboards, tokens): read as a stream
// and cut off past the limit, so a huge or endless body costs at most the limit in memory.
import { env } from "@/lib/env";
import { ApiError } from "./errors";

export async function readJsonBody(req: Request, maxBytes = env().JSON_BODY_MAX_BYTES): Promise<unknown> {
  const tooLarge = () => new ApiError("payload_too_large", `The body is larger than the limit of ${maxBytes} bytes`);
  if (Number(req.headers.get("content-length") ?? NaN) > maxBytes) throw tooLarge();
  if (!req.body) throw new ApiError("bad_request", "The body must be a JSON object");
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    parts.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(parts).toString("utf8"));
  } catch {
    throw new ApiError("bad_request", "The body must be a JSON object");
  }
}
