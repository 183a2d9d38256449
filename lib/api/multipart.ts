// A multipart/form-data body read as a stream (busboy): the `file` field's bytes are handed on as
// they arrive — never buffered whole — and the limits apply while reading, so a body that is too
// large, or has too many parts, is cut off after at most the limit.
import { Readable, Transform } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError } from "./errors";

export interface MultipartFile {
  /** The `file` field's bytes; errors (a body cut off, over a limit, malformed) surface here. */
  stream: Readable;
  fileName: string | null;
  /** Every text field, once the whole body has been read (fields may follow the file). */
  fields: Promise<Record<string, string>>;
  /** Stops reading the request (after a refusal). */
  abort(): void;
}

/** Parts and text fields beyond which a body is malformed for this API, not merely large. */
const LIMITS = { files: 1, fields: 16, parts: 24, fieldSize: 4096, headerPairs: 64 };
/** Room for the multipart framing around a file of the largest accepted size. */
const FRAMING_BYTES = 64 * 1024;

/**
 * Starts reading a multipart body and resolves once its `file` field begins. `maxFileBytes` + 1
 * bytes at most reach the file stream (whoever reads it refuses the last one, with its own message);
 * the body as a whole is cut off past `maxFileBytes` plus framing.
 */
export function readMultipartFile(req: Request, maxFileBytes: number): Promise<MultipartFile> {
  if (!req.body) return Promise.reject(new ApiError("bad_request", "Empty body: send a multipart body with a \"file\" field"));
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": req.headers.get("content-type") ?? "" }, limits: { ...LIMITS, fileSize: maxFileBytes + 1 } });
  } catch (err) {
    return Promise.reject(new ApiError("bad_request", `Could not read the multipart body: ${(err as Error).message}`));
  }
  const body = Readable.fromWeb(req.body as unknown as NodeWebReadableStream<Uint8Array>);
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxFileBytes + FRAMING_BYTES) done(new ApiError("payload_too_large", `the body is larger than the limit of ${maxFileBytes} bytes (UPLOAD_MAX_BYTES)`));
      else done(null, chunk);
    },
  });
  const fields: Record<string, string> = {};
  const abort = () => {
    body.destroy();
    cap.destroy();
  };
  return new Promise((resolve, reject) => {
    let file: Readable | null = null;
    const fail = (err: unknown) => {
      const e = err instanceof ApiError ? err : new ApiError("bad_request", `Could not read the multipart body: ${(err as Error).message}`);
      if (file) file.destroy(e);
      else reject(e);
      abort();
    };
    const done = new Promise<Record<string, string>>((resolveFields, rejectFields) => {
      parser.on("field", (name, value) => {
        fields[name] = value;
      });
      parser.on("file", (name, stream, info) => {
        if (name !== "file" || file) {
          stream.resume();
          return;
        }
        file = stream;
        resolve({ stream, fileName: info.filename ? info.filename.slice(0, 255) : null, fields: done, abort });
      });
      for (const event of ["partsLimit", "filesLimit", "fieldsLimit"] as const) {
        parser.on(event, () => fail(new ApiError("bad_request", `Multipart body has too many parts (at most ${LIMITS.parts}, one file)`)));
      }
      parser.on("error", (err) => {
        fail(err);
        rejectFields(err);
      });
      parser.on("close", () => {
        if (!file) reject(new ApiError("bad_request", 'Multipart body has no "file" field'));
        resolveFields(fields);
      });
    });
    done.catch(() => undefined);
    body.on("error", fail);
    cap.on("error", fail);
    body.pipe(cap).pipe(parser);
  });
}
