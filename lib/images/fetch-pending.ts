// The worker's image_url job: every visible sample with a URL and no stored image (nor a recorded
// refusal) is fetched once, safely (./fetch.ts), checked and stored like a bundled image
// (./prepare.ts). A refusal is recorded on the sample (image_error, shown on its page and in the
// API) and never fails the job: one bad URL must not hold up the others.
import { insertImages, recordImageFetch, samplesAwaitingImage, type AwaitingImageRow } from "@/lib/db/queries/images";
import { FetchRefused, fetchImageBytes, type FetchOptions } from "./fetch";
import { ImageRejected, prepareImage } from "./prepare";

export interface FetchRunResult {
  stored: number;
  refused: number;
}

const BATCH = 32;
const CONCURRENCY = 4;

async function fetchOne(row: AwaitingImageRow, opts: FetchOptions): Promise<boolean> {
  try {
    const img = await prepareImage(await fetchImageBytes(row.imageUrl, opts));
    await insertImages([img], null);
    await recordImageFetch(row.pk, row.imageUrl, { sha256: img.sha256 });
    return true;
  } catch (err) {
    if (err instanceof FetchRefused) await recordImageFetch(row.pk, row.imageUrl, { error: `image_url not fetched: ${err.message}` });
    else if (err instanceof ImageRejected) await recordImageFetch(row.pk, row.imageUrl, { error: `image_url: the file ${err.message}` });
    else throw err;
    return false;
  }
}

export async function fetchPendingImages(opts: FetchOptions = {}): Promise<FetchRunResult> {
  const result: FetchRunResult = { stored: 0, refused: 0 };
  for (;;) {
    const rows = await samplesAwaitingImage(BATCH);
    if (rows.length === 0) return result;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < rows.length) {
          if (await fetchOne(rows[next++], opts)) result.stored++;
          else result.refused++;
        }
      }),
    );
  }
}
