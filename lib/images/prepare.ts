// An uploaded or fetched image → what is stored: checked by content (sharp reads the header, never
// the file name), held to the size and pixel limits, stripped of EXIF/XMP/IPTC/comments (re-encoded
// only when it carries any, so clean images are stored byte for byte), thumbnailed, and addressed
// by the SHA-256 of the bytes served.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { IMAGE_TYPES, MAX_ANIMATION_PIXELS, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, THUMB_SIZE, type ImageContentType } from "./limits";

export interface PreparedImage {
  sha256: string;
  contentType: ImageContentType;
  width: number;
  height: number;
  data: Buffer;
  thumb: Buffer;
}

/** Why bytes cannot be stored as an image; the message completes "image … ". */
export class ImageRejected extends Error {
  override name = "ImageRejected";
}

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

type Meta = sharp.Metadata;

function carriesMetadata(m: Meta): boolean {
  return !!(m.exif || m.xmp || m.iptc || (m.comments && m.comments.length > 0) || (m.orientation && m.orientation !== 1));
}

async function readHeader(bytes: Buffer): Promise<Meta> {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected("is not a PNG, JPEG, WebP or GIF image (its content is not a picture sharp can read)");
  }
}

/** The served bytes: the original, or re-encoded in its own format without metadata (EXIF orientation applied first). */
async function stripMetadata(bytes: Buffer, m: Meta, format: keyof typeof IMAGE_TYPES): Promise<Buffer> {
  if (!carriesMetadata(m)) return bytes;
  const animated = (m.pages ?? 1) > 1;
  const img = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated }).rotate();
  // sharp writes no metadata unless asked (withMetadata/keepExif): the output is clean.
  switch (format) {
    case "jpeg":
      return img.jpeg({ quality: 92, mozjpeg: false }).toBuffer();
    case "png":
      return img.png().toBuffer();
    case "webp":
      return img.webp({ quality: 92 }).toBuffer();
    case "gif":
      return img.gif().toBuffer();
  }
}

export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  if (bytes.length === 0) throw new ImageRejected("is empty");
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRejected(`is ${mib(bytes.length)}, more than the limit of ${mib(MAX_IMAGE_BYTES)}`);
  const m = await readHeader(bytes);
  const format = m.format as string;
  if (!(format in IMAGE_TYPES)) throw new ImageRejected(`is ${format ? `a ${format.toUpperCase()} file` : "of an unknown type"}; only PNG, JPEG, WebP and GIF are accepted`);
  const width = m.width ?? 0;
  const height = m.pageHeight ?? m.height ?? 0;
  if (width <= 0 || height <= 0) throw new ImageRejected("has no width or height");
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRejected(`declares ${width} × ${height} pixels, more than the limit of ${MAX_IMAGE_PIXELS / 1e6} megapixels (a decompression bomb?)`);
  }
  if (width * height * (m.pages ?? 1) > MAX_ANIMATION_PIXELS) throw new ImageRejected(`has ${m.pages} frames of ${width} × ${height} pixels, too many pixels in all`);
  const kind = format as keyof typeof IMAGE_TYPES;
  try {
    const data = await stripMetadata(bytes, m, kind);
    const thumb = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    const sha256 = createHash("sha256").update(data).digest("hex");
    return { sha256, contentType: IMAGE_TYPES[kind], width, height, data, thumb };
  } catch (err) {
    throw new ImageRejected(`could not be decoded (${(err as Error).message.split("\n")[0]})`);
  }
}
