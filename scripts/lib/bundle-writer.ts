// Writes upload bundles in memory (the demo generator, the image benchmark, tests): a .zip with
// stored (uncompressed) entries, PKWARE APPNOTE 6.3.10 §4.3, or a .tar.gz of POSIX ustar headers.
// Images are compressed already, so storing them costs nothing; names are written as given, so
// tests can build hostile bundles (absolute paths, "..") that no archiver would.
import { crc32, gzipSync } from "node:zlib";
import { USTAR_END, ustarHeader, ustarPadding } from "@/lib/images/ustar";

export interface BundleFile {
  path: string;
  bytes: Buffer;
}

export function zipBundle(files: readonly BundleFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.path, "utf8");
    const crc = crc32(f.bytes);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.bytes.length, 18);
    local.writeUInt32LE(f.bytes.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(f.bytes.length, 20);
    central.writeUInt32LE(f.bytes.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.bytes);
    centrals.push(central, name);
    offset += local.length + name.length + f.bytes.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A .tar.gz; `links` adds symbolic-link entries (tests). Paths are at most 100 bytes. */
export function tarGzBundle(files: readonly BundleFile[], links: readonly { path: string; target: string }[] = []): Buffer {
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(ustarHeader(f.path, f.bytes.length), f.bytes, ustarPadding(f.bytes.length));
  }
  for (const l of links) parts.push(ustarHeader(l.path, 0, "2", l.target));
  parts.push(USTAR_END);
  return gzipSync(Buffer.concat(parts), { level: 1 });
}
