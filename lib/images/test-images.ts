// Small images drawn by sharp for tests: real encoded files, one per format, plus the hostile ones
// (a decompression bomb's header, EXIF with a location, bytes that only claim to be an image).
import { deflateSync } from "node:zlib";
import sharp from "sharp";

export async function solidImage(format: "png" | "jpeg" | "webp" | "gif", width = 64, height = 48, color = "#3366cc"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).toFormat(format).toBuffer();
}

/** A JPEG carrying EXIF (a camera make and a GPS latitude) that must not be served. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: "#aa3300" } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", Copyright: "Jane Doe" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" } })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlibCrc(body));
  return Buffer.concat([len, body, crc]);
}

function zlibCrc(b: Buffer): number {
  let c = ~0;
  for (const byte of b) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A valid PNG header declaring 100,000 × 100,000 pixels in a few hundred bytes. */
export function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(0, 9);
  const row = Buffer.alloc(1 + 100_000);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(row)), chunk("IEND", Buffer.alloc(0))]);
}
