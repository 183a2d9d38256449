// Sample summaries for lists: excerpts of the input and reference, the count of visible
// measurements, in the caller's order.
import { loadSampleSummaryRows, type SampleSummaryRow } from "@/lib/db/queries/samples";
import { memoRowsByVersion } from "@/lib/db/version-memo";
import { storedImagePath } from "@/lib/images/urls";
import { excerpt } from "./excerpt";

export interface SampleSummary extends Omit<SampleSummaryRow, "image_sha256"> {
  /** At most 300 characters of the input. */
  input: string;
  /** At most 300 characters of the reference answer, if any. */
  reference: string | null;
  /** Where the portal serves the sample's image (its thumbnail: lib/images/urls thumbnailOf), or null. */
  image: string | null;
}

/** Summaries of these samples, in the order of `pks` (missing or invisible ones are left out). */
export async function loadSampleSummaries(pks: readonly number[]): Promise<SampleSummary[]> {
  // A summary changes only with a publish (content, visibility, measurements): rows are remembered
  // per data version, so lists that share samples read each one once.
  const byPk = await memoRowsByVersion("sample-summaries", pks, async (missing) => new Map((await loadSampleSummaryRows(missing)).map((row) => [row.pk, row])));
  return pks.flatMap((pk) => {
    const row = byPk.get(pk);
    if (!row) return [];
    const { image_sha256, ...rest } = row;
    return [{ ...rest, input: excerpt(row.input), reference: row.reference === null ? null : excerpt(row.reference), image: storedImagePath(image_sha256) }];
  });
}
