// Writes upload bundles in memory (the demo generator, the image benchmark, tests): a .zip with
// stored (uncompressed) entries, PKWARE APPNOTE 6.3.10 §4.3, or a .tar.gz of POSIX ustar headers.
// Images are compressed already, so storing them costs nothing; names are written as given, so
// tests can build hostile bundles (absolute paths, "..") that no archiver would.
import { crc32, gzipSync } from "node:zlib";

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

function tarHeader(path: string, size: number, type: "0" | "2" = "0", link = ""): Buffer {
  const h = Buffer.alloc(512);
  h.write(path.slice(0, 100), 0, "utf8");
  h.write("0000644\0", 100);
  h.write("0000000\0", 108);
  h.write("0000000\0", 116);
  h.write(size.toString(8).padStart(11, "0") + "\0", 124);
  h.write("00000000000\0", 136);
  h.write("        ", 148);
  h.write(type, 156);
  h.write(link.slice(0, 100), 157);
  h.write("ustar\0" + "00", 257, "latin1");
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, "latin1");
  return h;
}

/** A .tar.gz; `links` adds symbolic-link entries (tests). Paths are at most 100 bytes. */
export function tarGzBundle(files: readonly BundleFile[], links: readonly { path: string; target: string }[] = []): Buffer {
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(tarHeader(f.path, f.bytes.length), f.bytes, Buffer.alloc((512 - (f.bytes.length % 512)) % 512));
  }
  for (const l of links) parts.push(tarHeader(l.path, 0, "2", l.target));
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts), { level: 1 });
}
