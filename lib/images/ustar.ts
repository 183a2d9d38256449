// POSIX ustar entries, the form in which a .tar.gz bundle carries a results file and its images:
// the task bundle of an evaluation plan (lib/planning/task-bundle.ts) and the bundles that tests,
// the demo and the image benchmark build (scripts/lib/bundle-writer.ts). Paths are at most 100
// bytes (no prefix field), as are link targets; sizes below 8 GiB (eleven octal digits). Beyond: an error.

/** A 512-byte header: a regular file ("0") of `size` bytes, or a symbolic link ("2") to `link`. */
export function ustarHeader(path: string, size: number, type: "0" | "2" = "0", link = ""): Buffer {
  if (Buffer.byteLength(path, "utf8") > 100) throw new Error(`a ustar path is at most 100 bytes (got ${JSON.stringify(path)})`);
  if (Buffer.byteLength(link, "utf8") > 100) throw new Error(`a ustar link target is at most 100 bytes (got ${JSON.stringify(link)})`);
  if (!Number.isSafeInteger(size) || size < 0 || size >= 8 ** 11) throw new Error(`a ustar entry holds 0 to 8 GiB − 1 bytes (got ${size})`);
  const h = Buffer.alloc(512);
  h.write(path, 0, "utf8");
  h.write("0000644\0", 100);
  h.write("0000000\0", 108);
  h.write("0000000\0", 116);
  h.write(size.toString(8).padStart(11, "0") + "\0", 124);
  h.write("00000000000\0", 136);
  h.write("        ", 148);
  h.write(type, 156);
  h.write(link, 157, "utf8");
  h.write("ustar\0" + "00", 257, "latin1");
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, "latin1");
  return h;
}

/** The zeros after an entry's `size` bytes of data, up to the next 512-byte block. */
export function ustarPadding(size: number): Buffer {
  return Buffer.alloc((512 - (size % 512)) % 512);
}

/** The end of an archive: two zero blocks. */
export const USTAR_END = Buffer.alloc(1024);
