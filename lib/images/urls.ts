// Where the portal serves a stored image (spec/api.md §"Evidence"): the URL names the content, so
// it never changes and may be cached forever. A sample's image_url is never shown to viewers.
export const IMAGE_SHA256 = /^[0-9a-f]{64}$/;

/** The path under which the portal serves stored images, by hash. */
const IMAGES = "/api/images/";

export function imagePath(sha256: string): string {
  return `${IMAGES}${sha256}`;
}

/** Where the portal serves a sample's stored image, or null when it has none (yet). */
export function storedImagePath(sha256: string | null): string | null {
  return sha256 ? imagePath(sha256) : null;
}

/** The hash of the image an imagePath serves, or null for any other path. */
export function shaOfImagePath(path: string): string | null {
  const sha = path.startsWith(IMAGES) ? path.slice(IMAGES.length) : "";
  return IMAGE_SHA256.test(sha) ? sha : null;
}

export function thumbnailPath(sha256: string): string {
  return thumbnailOf(imagePath(sha256));
}

/** The thumbnail of an image served at `path` (an imagePath). */
export function thumbnailOf(path: string): string {
  return `${path}?size=thumb`;
}
