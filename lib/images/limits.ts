// Limits on stored images (results-format §"Images"). The pixel cap is what stops a decompression
// bomb: a few kilobytes of PNG can declare 100,000 × 100,000 pixels (40 GB decoded). It is checked
// on the header (sharp metadata) before any pixel is decoded, and again by sharp's own
// limitInputPixels on every decode.
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** 50 megapixels: above any real figure or photo a benchmark shows, far below a bomb. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Frames × pixels of an animated GIF or WebP count together. */
export const MAX_ANIMATION_PIXELS = 200_000_000;
/** Longer side of a thumbnail, px. */
export const THUMB_SIZE = 256;

export const IMAGE_TYPES = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp", gif: "image/gif" } as const;
export type ImageContentType = (typeof IMAGE_TYPES)[keyof typeof IMAGE_TYPES];
