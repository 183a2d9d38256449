import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageRejected, prepareImage } from "./prepare";
import { jpegWithExif, pngBomb, solidImage } from "./test-images";

describe("prepareImage", () => {
  it.each(["png", "jpeg", "webp", "gif"] as const)("stores a clean %s byte for byte, with a WebP thumbnail", async (format) => {
    const bytes = await solidImage(format, 600, 300);
    const img = await prepareImage(bytes);
    expect(img.contentType).toBe(`image/${format}`);
    expect(img.data.equals(bytes)).toBe(true);
    expect([img.width, img.height]).toEqual([600, 300]);
    const thumb = await sharp(img.thumb).metadata();
    expect(thumb.format).toBe("webp");
    expect([thumb.width, thumb.height]).toEqual([256, 128]);
    expect(img.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("strips EXIF (camera, GPS) from what is served, and addresses the stripped bytes", async () => {
    const bytes = await jpegWithExif();
    expect(bytes.includes(Buffer.from("SecretCam"))).toBe(true);
    const img = await prepareImage(bytes);
    expect(img.data.includes(Buffer.from("SecretCam"))).toBe(false);
    expect((await sharp(img.data).metadata()).exif).toBeUndefined();
    expect(img.data.equals(bytes)).toBe(false);
    const again = await prepareImage(bytes);
    expect(again.sha256).toBe(img.sha256);
  });

  it("judges by content, not name: text, SVG and a truncated PNG are refused", async () => {
    await expect(prepareImage(Buffer.from("hello, I am a .png"))).rejects.toThrow(/not a PNG, JPEG, WebP or GIF/);
    await expect(prepareImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).rejects.toThrow(/only PNG, JPEG, WebP and GIF|not a PNG/);
    const png = await solidImage("png", 300, 300);
    await expect(prepareImage(png.subarray(0, 60))).rejects.toBeInstanceOf(ImageRejected);
  });

  it("refuses a decompression bomb from its header, before decoding", async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const t0 = performance.now();
    await expect(prepareImage(bomb)).rejects.toThrow(/100000 × 100000 pixels, more than the limit of 50 megapixels/);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("refuses empty and oversized files", async () => {
    await expect(prepareImage(Buffer.alloc(0))).rejects.toThrow(/is empty/);
    await expect(prepareImage(Buffer.alloc(21 * 1024 * 1024, 1))).rejects.toThrow(/more than the limit of 20.0 MiB/);
  });
});
