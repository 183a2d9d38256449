// The images of one bundle by path, and what a sample line's `image` field resolves to.
import { normalizeBundlePath } from "@/lib/images/bundle-path";
import type { SampleRecord } from "../types";

type Entry = { sha256: string } | { problem: string };

export class ImageIndex {
  private readonly byPath = new Map<string, Entry>();

  accept(path: string, sha256: string): void {
    this.byPath.set(path, { sha256 });
  }

  reject(path: string, problem: string): void {
    this.byPath.set(path, { problem });
  }

  get(path: string): Entry | undefined {
    return this.byPath.get(path);
  }

  get size(): number {
    return this.byPath.size;
  }
}

/**
 * Sets `image_sha256` on a sample that names a bundled image; returns the line's error message
 * when the image is missing or not acceptable, or when the upload is no bundle at all.
 */
export function resolveSampleImage(r: SampleRecord, images: ImageIndex | null): string | null {
  if (r.image === undefined) return null;
  if (!images) return `"image" names a file of an upload bundle, but this upload is a single results file: send a .zip or .tar.gz holding it and ${JSON.stringify(r.image)}`;
  const entry = images.get(normalizeBundlePath(r.image));
  if (!entry) return `"image": the bundle holds no file ${JSON.stringify(r.image)}`;
  if ("problem" in entry) return `"image": ${JSON.stringify(r.image)} ${entry.problem}`;
  r.image_sha256 = entry.sha256;
  return null;
}
