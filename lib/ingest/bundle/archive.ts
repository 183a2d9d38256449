// Reading the entries of an upload bundle (.zip, or .tar / .tar.gz) from bytes in memory: regular
// files only, each bounded as it is read, nothing written to disk. Entry names are taken as they
// are (never used as file paths); ../../bundle-path decides which ones may be matched.
import { Parser, type ReadEntry } from "tar";
import yauzl from "yauzl";
import { SourceError } from "../source";

export interface ArchiveEntry {
  path: string;
  /** The entry's bytes; absent when `problem` says why it was not read. */
  bytes?: Buffer;
  problem?: string;
}

export interface EntryLimits {
  /** Largest entry read, by its name (results files may be larger than images). */
  maxEntryBytes(path: string): number;
  /** Largest sum of uncompressed bytes: a zip or tar bomb stops here. */
  maxTotalBytes: number;
  maxEntries: number;
}

const mib = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`;

class Budget {
  total = 0;
  count = 0;
  constructor(private readonly limits: EntryLimits) {}
  entry(): void {
    if (++this.count > this.limits.maxEntries) throw new SourceError(`the bundle holds more than ${this.limits.maxEntries} entries`);
  }
  add(n: number): void {
    this.total += n;
    if (this.total > this.limits.maxTotalBytes) throw new SourceError(`the bundle unpacks to more than ${mib(this.limits.maxTotalBytes)}`);
  }
}

const tooLarge = (max: number) => `is larger than ${mib(max)}`;

export async function readZip(buffer: Buffer, limits: EntryLimits): Promise<ArchiveEntry[]> {
  // decodeStrings: false — yauzl would otherwise fail the whole archive on an absolute or ".."
  // name; such an entry must only reject the line that names it.
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, z) => (err ? reject(new SourceError(`the zip archive cannot be read (${err.message})`)) : resolve(z))),
  );
  const budget = new Budget(limits);
  const out: ArchiveEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    const fail = (err: Error) => {
      zip.close();
      reject(err instanceof SourceError ? err : new SourceError(`the zip archive is corrupt (${err.message})`));
    };
    zip.on("error", fail);
    zip.on("end", resolve);
    zip.on("entry", (entry: yauzl.Entry) => {
      const path = (entry.fileName as unknown as Buffer).toString("utf8");
      try {
        budget.entry();
      } catch (err) {
        return fail(err as Error);
      }
      if (path.endsWith("/")) return zip.readEntry();
      const max = limits.maxEntryBytes(path);
      if (entry.uncompressedSize > max) {
        out.push({ path, problem: tooLarge(max) });
        return zip.readEntry();
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err) return fail(err);
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => {
          chunks.push(c);
          try {
            budget.add(c.length);
          } catch (e) {
            stream.destroy();
            fail(e as Error);
          }
        });
        stream.on("error", fail);
        stream.on("end", () => {
          out.push({ path, bytes: Buffer.concat(chunks) });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return out;
}

const FILE_TYPES = new Set(["File", "OldFile", "ContiguousFile"]);
const LINK_TYPES = new Set(["SymbolicLink", "Link"]);

/** A .tar or .tar.gz (the parser undoes gzip itself). */
export async function readTar(buffer: Buffer, limits: EntryLimits): Promise<ArchiveEntry[]> {
  const budget = new Budget(limits);
  const out: ArchiveEntry[] = [];
  let failure: Error | null = null;
  const parser = new Parser({ strict: true });
  parser.on("entry", (entry: ReadEntry) => {
    const path = entry.path;
    if (failure) return entry.resume();
    try {
      budget.entry();
    } catch (err) {
      failure = err as Error;
      return entry.resume();
    }
    if (LINK_TYPES.has(entry.type)) {
      out.push({ path, problem: "is a link, not a file" });
      return entry.resume();
    }
    if (!FILE_TYPES.has(entry.type)) return entry.resume();
    const max = limits.maxEntryBytes(path);
    if (entry.size > max) {
      out.push({ path, problem: tooLarge(max) });
      return entry.resume();
    }
    const chunks: Buffer[] = [];
    entry.on("data", (c: Buffer) => {
      if (failure) return;
      try {
        budget.add(c.length);
        chunks.push(c);
      } catch (err) {
        failure = err as Error;
        // Stops the gunzip too: a bomb is not decompressed to its end.
        parser.abort(failure);
      }
    });
    entry.on("end", () => out.push({ path, bytes: Buffer.concat(chunks) }));
  });
  await new Promise<void>((resolve, reject) => {
    parser.on("error", (err: Error) => reject(failure ?? new SourceError(`the tar archive is corrupt (${err.message})`)));
    parser.on("abort", (err: Error) => reject(failure ?? new SourceError(`the tar archive is corrupt (${err.message})`)));
    parser.on("end", resolve);
    parser.end(buffer);
  });
  if (failure) throw failure;
  return out;
}
