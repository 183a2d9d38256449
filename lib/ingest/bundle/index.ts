// Upload bundles (results-format §"Images"): a .zip or .tar.gz holding one results file and the
// images its sample lines name. The seam between receiving an upload and parsing it:
//
//   const input = await openUploadInput(bytes, { fileName, uploadSeq, format })   // bytes: the upload as received
//   uploadRecords(input.bytes, { fileName: input.fileName, … })           // the results file, as for any upload
//   resolveSampleImage(sampleRecord, input.images)                        // per sample line: its image, or the line's error
//
// A bundle may instead hold another tool's run, which that tool writes as several files: a HELM run
// directory (scenario_state.json + per_instance_stats.json), an lm-evaluation-harness output folder
// (samples_<task>_<time>.jsonl per task + results_<time>.json), an Inspect AI `.eval` log (itself a
// zip: header.json + samples/<id>_epoch_<n>.json). Its entries are then `input.run.files`, converted
// together by that tool's converter (runRecords in ../records.ts); such a bundle has no images.
//
// A bundle is read into memory whole (zip needs random access; both are bounded by the upload
// limit), its images checked by content, thumbnailed and stored in the database as they come
// (content-addressed, tagged with the upload so that a failed upload removes them); nothing is
// written to disk. Any other upload passes through unread.
import { insertImages, type ImageInsert } from "@/lib/db/queries/images";
import { bundlePathProblem, normalizeBundlePath } from "@/lib/images/bundle-path";
import { MAX_IMAGE_BYTES } from "@/lib/images/limits";
import { ImageRejected, prepareImage } from "@/lib/images/prepare";
import { replayed, SourceError } from "../source";
import { detectFormat, HEAD_BYTES, type FormatName, type UploadFile } from "../formats";
import { readTar, readZip, type ArchiveEntry } from "./archive";
import { BUNDLE_HEAD_BYTES, bundleKind } from "./detect";
import { ImageIndex } from "./image-index";

export { ImageIndex, resolveSampleImage } from "./image-index";

export interface UploadInput {
  /** The results file's bytes (gzip or not: the parser undoes it). */
  bytes: AsyncIterable<Uint8Array>;
  fileName: string | null;
  /** The bundle's images by path; null for an upload that is not a bundle. */
  images: ImageIndex | null;
  /** A bundle holding another tool's run: its format and files (`bytes` is then empty); else null. */
  run: { format: FormatName; files: UploadFile[] } | null;
}

export interface OpenOptions {
  fileName: string | null;
  /** The upload's seq: its stored images are removed with its rows if it fails. */
  uploadSeq: number;
  /** The upload's explicit `format=`, if any (else the bundle's entries say). */
  format?: string | null;
}

const RESULTS_FILE = /\.jsonl(\.gz)?$/i;
/** A tool's JSON files (HELM's scenario_state.json of a large run is hundreds of MB): the results file's bound, not an image's. */
const DATA_FILE = /\.jsonl?(\.gz)?$/i;
const MAX_RESULTS_BYTES = 512 * 1024 * 1024;
/** The formats whose tools write a run as several files. */
const RUN_FORMATS: ReadonlySet<string> = new Set<FormatName>(["helm", "lm-eval", "inspect"]);
const LIMITS = {
  maxEntryBytes: (path: string) => (DATA_FILE.test(path) ? MAX_RESULTS_BYTES : MAX_IMAGE_BYTES),
  // Everything unpacked is held in memory: a zip or tar bomb stops here, not at the machine's RAM.
  maxTotalBytes: 1024 * 1024 * 1024,
  maxEntries: 200_000,
};
/** Images decoded at once (sharp runs each on its own libvips threads). */
const CONCURRENCY = 4;
/**
 * Bytes of images per INSERT (at least one image). Small on purpose: the embedded database's socket
 * server appends each incoming chunk to the message so far (Buffer.concat per 64 KB), so one
 * statement's cost grows with the square of its size — 32 images (~6 MB) per statement spent
 * more time copying than everything else in a 2,000-image import.
 */
const INSERT_BYTES = 512 * 1024;

async function peek(bytes: AsyncIterable<Uint8Array>): Promise<{ head: Buffer; stream: AsyncIterable<Uint8Array> }> {
  const it = bytes[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let n = 0;
  while (n < BUNDLE_HEAD_BYTES) {
    const r = await it.next();
    if (r.done) break;
    seen.push(r.value);
    n += r.value.byteLength;
  }
  return { head: Buffer.concat(seen), stream: replayed(seen, it) };
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}

/** What macOS's archiver adds beside each file (__MACOSX/…, ._name: its extended attributes), never a file of the upload. */
function macOsExtra(path: string): boolean {
  return /(^|\/)__MACOSX\//.test(path) || /(^|\/)\._[^/]*$/.test(path);
}

/** The results file of a bundle, or a SourceError naming what the bundle holds instead. */
function resultsEntry(entries: ArchiveEntry[]): ArchiveEntry & { bytes: Buffer } {
  const results = entries.filter((e) => RESULTS_FILE.test(e.path) && !bundlePathProblem(e.path));
  if (results.length === 1 && results[0].bytes) return results[0] as ArchiveEntry & { bytes: Buffer };
  if (results.length === 1) throw new SourceError(`the bundle's results file ${results[0].path} ${results[0].problem}`);
  if (results.length === 0) throw new SourceError("the bundle holds no results file (*.jsonl or *.jsonl.gz)");
  throw new SourceError(`the bundle holds ${results.length} results files (${results.map((e) => e.path).join(", ")}); a bundle holds exactly one`);
}

async function storeImages(entries: ArchiveEntry[], uploadSeq: number): Promise<ImageIndex> {
  const index = new ImageIndex();
  const pending: ImageInsert[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    pendingBytes = 0;
    if (pending.length) await insertImages(pending.splice(0), uploadSeq);
  };
  let next = 0;
  const work = async () => {
    while (next < entries.length) {
      const e = entries[next++];
      if (bundlePathProblem(e.path)) continue;
      const path = normalizeBundlePath(e.path);
      if (!e.bytes) {
        index.reject(path, e.problem ?? "could not be read");
        continue;
      }
      try {
        const img = await prepareImage(e.bytes);
        index.accept(path, img.sha256);
        pending.push(img);
        pendingBytes += img.data.length + img.thumb.length;
        if (pendingBytes >= INSERT_BYTES) await flush();
      } catch (err) {
        if (!(err instanceof ImageRejected)) throw err;
        index.reject(path, err.message);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, work));
  await flush();
  return index;
}

/**
 * The bundle as another tool's run (RUN_FORMATS), by its entries' names and first bytes or the
 * explicit format; null when it is not one. An entry of such a run that could not be read (over the
 * size bound) fails the upload, naming it: the converter would otherwise report it missing.
 */
function toolRun(entries: ArchiveEntry[], explicit: string | null | undefined): UploadInput["run"] {
  const kept = entries.filter((e) => !bundlePathProblem(e.path));
  const d = detectFormat(
    kept.map((e) => ({ path: normalizeBundlePath(e.path), head: e.bytes?.subarray(0, HEAD_BYTES) })),
    explicit ?? undefined,
  );
  if (!d.ok || !RUN_FORMATS.has(d.format)) return null;
  const unread = kept.find((e) => !e.bytes && DATA_FILE.test(e.path));
  if (unread) throw new SourceError(`the bundle's ${unread.path} ${unread.problem ?? "could not be read"}`);
  const files = kept.filter((e) => e.bytes).map((e): UploadFile => ({ path: normalizeBundlePath(e.path), open: () => e.bytes! }));
  return { format: d.format as FormatName, files };
}

export async function openUploadInput(bytes: AsyncIterable<Uint8Array>, opts: OpenOptions): Promise<UploadInput> {
  const { head, stream } = await peek(bytes);
  const kind = bundleKind(head);
  if (!kind) return { bytes: stream, fileName: opts.fileName, images: null, run: null };
  const buffer = await readAll(stream);
  const entries = (kind === "zip" ? await readZip(buffer, LIMITS) : await readTar(buffer, LIMITS)).filter((e) => !macOsExtra(e.path));
  const run = toolRun(entries, opts.format);
  if (run) return { bytes: (async function* () {})(), fileName: opts.fileName, images: null, run };
  const results = resultsEntry(entries);
  const images = await storeImages(
    entries.filter((e) => e !== results),
    opts.uploadSeq,
  );
  return { bytes: (async function* () { yield results.bytes; })(), fileName: results.path.split("/").pop() ?? results.path, images, run: null };
}
