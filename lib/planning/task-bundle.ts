// The task bundle of an evaluation plan (GET /api/evaluation-plan/bundle): a .tar.gz holding the
// task file (plan.jsonl, ./task-file.ts) with every planned sample's line — a sample whose image
// came in a bundle names it inside this one, images/<sha256>.<ext> — and those images, the bytes
// the portal serves. A plain task file has to leave such samples' lines out (sent without the
// image, a line would replace the sample and drop it); the bundle carries everything the model is
// to be run on, and uploaded back with the template lines filled in, its sample lines are no-ops
// (a bundled image counts by its bytes, not its path: results-format §"Images").
//
// What can fail in the database is done before the answer starts (prepareTaskBundle: the task
// file, the images' types and sizes), so that a failure is the API's error, not a cut-off 200; then
// the images are streamed one at a time (a plan may name thousands), gzip at level 1 (images are
// compressed already). A bundle larger than an upload may be could not be sent back: refused.
import { Readable, pipeline } from "node:stream";
import { createGzip } from "node:zlib";
import { ApiError } from "@/lib/api/errors";
import { getServedImage, storedImageInfo } from "@/lib/db/queries/images";
import { env } from "@/lib/env";
import { IMAGE_TYPES } from "@/lib/images/limits";
import { shaOfImagePath } from "@/lib/images/urls";
import { USTAR_END, ustarHeader, ustarPadding } from "@/lib/images/ustar";
import { logger } from "@/lib/log";
import { resendable, taskFileJsonl, type TaskSample } from "./task-file";

/** The task file's name inside the bundle (a ustar path is at most 100 bytes; a model name may be 200). */
export const TASK_BUNDLE_FILE = "plan.jsonl";

const EXTENSION = new Map<string, string>(Object.entries(IMAGE_TYPES).map(([format, type]) => [type, format === "jpeg" ? "jpg" : format]));

export interface PreparedTaskBundle {
  jsonl: Buffer;
  /** The bundled images the task file names: hash and path inside the bundle. */
  images: { sha: string; path: string }[];
}

const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;

/** The task file and the images it names; a bundle that could not be uploaded back is a 400. */
export async function prepareTaskBundle(samples: readonly TaskSample[], limit = env().UPLOAD_MAX_BYTES): Promise<PreparedTaskBundle> {
  const shas = new Set<string>();
  for (const s of samples) {
    const sha = !resendable(s) && s.image ? shaOfImagePath(s.image) : null;
    if (sha) shas.add(sha);
  }
  // A sample whose image is not stored (removed since the plan) keeps only its template line, as in a plain task file.
  const info = await storedImageInfo([...shas]);
  const paths = new Map([...info].map(([sha, i]) => [sha, `images/${sha}.${EXTENSION.get(i.contentType) ?? "img"}`]));
  const jsonl = Buffer.from(taskFileJsonl(samples, (s) => paths.get(shaOfImagePath(s.image ?? "") ?? "")), "utf8");
  let total = jsonl.length;
  for (const i of info.values()) total += i.bytes;
  if (total > limit) {
    throw new ApiError(
      "bad_request",
      `This batch's task file and images come to ${mib(total)}, more than an upload may be (${mib(limit)}, UPLOAD_MAX_BYTES): a bundle of them could not be uploaded back. Plan a smaller budget, or take the plain task file.`,
    );
  }
  return { jsonl, images: [...paths].map(([sha, path]) => ({ sha, path })) };
}

/** An image's bytes as served, or null when it is gone. */
export type ImageReader = (sha: string) => Promise<{ bytes: Buffer } | null>;

const servedImage: ImageReader = (sha) => getServedImage(sha, "full");

async function* entries(bundle: PreparedTaskBundle, read: ImageReader): AsyncGenerator<Buffer> {
  yield ustarHeader(TASK_BUNDLE_FILE, bundle.jsonl.length);
  yield bundle.jsonl;
  yield ustarPadding(bundle.jsonl.length);
  for (const { sha, path } of bundle.images) {
    const image = await read(sha);
    // Removed since it was looked up: its line then names a missing file, which an upload rejects by name.
    if (!image) continue;
    yield ustarHeader(path, image.bytes.length);
    yield image.bytes;
    yield ustarPadding(image.bytes.length);
  }
  yield USTAR_END;
}

/**
 * The bundle as a gzip stream. An error while streaming (the database gone) ends the answer
 * (the client sees a truncated download, not a hang) and is logged; a client that goes away
 * stops the stream and the image reads.
 */
export function taskBundleStream(bundle: PreparedTaskBundle, read: ImageReader = servedImage): ReadableStream<Uint8Array> {
  const gzip = createGzip({ level: 1 });
  pipeline(Readable.from(entries(bundle, read)), gzip, (err) => {
    // A client that went away is no error.
    const code = (err as { code?: string } | null)?.code;
    if (err && code !== "ABORT_ERR" && code !== "ERR_STREAM_PREMATURE_CLOSE") logger("api").warn({ err }, "task bundle stream ended early");
  });
  return Readable.toWeb(gzip) as ReadableStream<Uint8Array>;
}
