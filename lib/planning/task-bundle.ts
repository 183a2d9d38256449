// The task bundle of an evaluation plan (GET /api/evaluation-plan/bundle): a .tar.gz holding the
// task file (plan.jsonl, ./task-file.ts) with every planned sample's line — a sample whose image
// came in a bundle names it inside this one, images/<sha256>.<ext> — and those images, the bytes
// the portal serves. A plain task file has to leave such samples' lines out (sent without the
// image, a line would replace the sample and drop it); the bundle carries everything the model is
// to be run on, and uploaded back with the template lines filled in, its sample lines are no-ops
// (a bundled image counts by its bytes, not its path: results-format §"Images").
// Written as a stream, one image at a time: a plan may name thousands (MAX_BUDGET).
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { getServedImage, storedImageTypes } from "@/lib/db/queries/images";
import { IMAGE_TYPES } from "@/lib/images/limits";
import { shaOfImagePath } from "@/lib/images/urls";
import { USTAR_END, ustarHeader, ustarPadding } from "@/lib/images/ustar";
import { resendable, taskFileJsonl, type TaskSample } from "./task-file";

/** The task file's name inside the bundle (a ustar path is at most 100 bytes; a model name may be 200). */
export const TASK_BUNDLE_FILE = "plan.jsonl";

const EXTENSION = new Map<string, string>(Object.entries(IMAGE_TYPES).map(([format, type]) => [type, format === "jpeg" ? "jpg" : format]));

/** The bundled images of the samples that need one, by hash: their paths inside the bundle. */
async function bundledImages(samples: readonly TaskSample[]): Promise<Map<string, string>> {
  const shas = new Set<string>();
  for (const s of samples) {
    const sha = !resendable(s) && s.image ? shaOfImagePath(s.image) : null;
    if (sha) shas.add(sha);
  }
  const types = await storedImageTypes([...shas]);
  return new Map([...types].map(([sha, type]) => [sha, `images/${sha}.${EXTENSION.get(type) ?? "img"}`]));
}

async function* entries(samples: readonly TaskSample[]): AsyncGenerator<Buffer> {
  const paths = await bundledImages(samples);
  const jsonl = Buffer.from(taskFileJsonl(samples, (s) => paths.get(shaOfImagePath(s.image ?? "") ?? "")), "utf8");
  yield ustarHeader(TASK_BUNDLE_FILE, jsonl.length);
  yield jsonl;
  yield ustarPadding(jsonl.length);
  for (const [sha, path] of paths) {
    const image = await getServedImage(sha, "full");
    // Removed since the look-up (no sample shows it any more): its line then names a missing file,
    // which an upload rejects by name.
    if (!image) continue;
    yield ustarHeader(path, image.bytes.length);
    yield image.bytes;
    yield ustarPadding(image.bytes.length);
  }
  yield USTAR_END;
}

/** The bundle of `samples` (a plan's, best first) as a gzip stream. */
export function taskBundle(samples: readonly TaskSample[]): ReadableStream<Uint8Array> {
  return Readable.toWeb(Readable.from(entries(samples)).pipe(createGzip({ level: 6 }))) as ReadableStream<Uint8Array>;
}
