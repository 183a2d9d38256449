import { describe, expect, it } from "vitest";
import { tarGzBundle, zipBundle } from "@/scripts/lib/bundle-writer";
import { readTar, readZip } from "./archive";
import { bundleKind } from "./detect";

const limits = (total: number, entry = total) => ({ maxEntryBytes: () => entry, maxTotalBytes: total, maxEntries: 10 });
const zeros = (n: number) => Buffer.alloc(n);

describe("bundle archives", () => {
  it("are recognised by content, not by name", () => {
    expect(bundleKind(zipBundle([{ path: "a.jsonl", bytes: Buffer.from("{}") }]))).toBe("zip");
    expect(bundleKind(tarGzBundle([{ path: "a.jsonl", bytes: Buffer.from("{}") }]).subarray(0, 512))).toBe("tar");
    expect(bundleKind(Buffer.from('{"type":"sample"}'))).toBeNull();
  });

  it("read entries with names as given, hostile ones included, and never follow links", async () => {
    const files = [
      { path: "r.jsonl", bytes: Buffer.from("x") },
      { path: "../up.png", bytes: Buffer.from("y") },
    ];
    expect((await readZip(zipBundle(files), limits(1e6))).map((e) => [e.path, e.bytes?.toString()])).toEqual([["r.jsonl", "x"], ["../up.png", "y"]]);
    const tar = await readTar(tarGzBundle(files, [{ path: "l.png", target: "/etc/passwd" }]), limits(1e6));
    expect(tar.find((e) => e.path === "l.png")).toEqual({ path: "l.png", problem: "is a link, not a file" });
  });

  it("stop a bomb at the total unpacked size (a tar.gz of 20 MB of zeros is ~20 KB)", async () => {
    const bomb = tarGzBundle([{ path: "a.png", bytes: zeros(20e6) }]);
    expect(bomb.length).toBeLessThan(200_000);
    await expect(readTar(bomb, limits(1e6, 30e6))).rejects.toThrow(/unpacks to more than/);
    await expect(readZip(zipBundle([{ path: "a.png", bytes: zeros(3e6) }, { path: "b.png", bytes: zeros(3e6) }]), limits(4e6, 30e6))).rejects.toThrow(/unpacks to more than/);
  });

  it("skip an entry larger than its limit, naming the problem", async () => {
    const entries = await readZip(zipBundle([{ path: "big.png", bytes: zeros(3e6) }]), limits(1e9, 1024 * 1024));
    expect(entries).toEqual([{ path: "big.png", problem: "is larger than 1 MiB" }]);
  });
});
