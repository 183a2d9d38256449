// The task bundle's stream: a tar.gz that node-tar reads back entry for entry; an image read that
// fails ends the download with an error instead of leaving it hanging; a client that goes away
// stops the image reads.
import { Readable } from "node:stream";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { taskBundleStream, type ImageReader, type PreparedTaskBundle } from "./task-bundle";

const sha = (i: number) => String(i).padStart(64, "0");
const bundle = (n: number): PreparedTaskBundle => ({
  jsonl: Buffer.from('{"type":"score","sample":"s","model":"m","metric":"acc","value":null}\n'),
  images: Array.from({ length: n }, (_, i) => ({ sha: sha(i), path: `images/${sha(i)}.png` })),
});
const bytesOf = (s: string) => ({ bytes: Buffer.alloc(1000 + Number(s.slice(-2)), s.slice(-1)) });

/** The entries node-tar finds in a gzip'd tar, path → bytes. */
async function untar(stream: ReadableStream<Uint8Array>): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const parser = new tar.Parser({
    onReadEntry: (e) => {
      const parts: Buffer[] = [];
      e.on("data", (d: Buffer) => parts.push(d));
      e.on("end", () => out.set(e.path, Buffer.concat(parts)));
    },
  });
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(stream as never).on("error", reject).pipe(parser).on("end", resolve).on("error", reject);
  });
  return out;
}

describe("taskBundleStream", () => {
  it("writes the task file and each image as tar entries that node-tar reads back", async () => {
    const entries = await untar(taskBundleStream(bundle(3), async (s) => bytesOf(s)));
    expect([...entries.keys()]).toEqual(["plan.jsonl", ...bundle(3).images.map((i) => i.path)]);
    expect(entries.get("plan.jsonl")!.toString()).toBe(bundle(0).jsonl.toString());
    for (const i of bundle(3).images) expect(entries.get(i.path)).toEqual(bytesOf(i.sha).bytes);
  });

  it("skips an image gone since it was looked up", async () => {
    const entries = await untar(taskBundleStream(bundle(2), async (s) => (s === sha(0) ? null : bytesOf(s))));
    expect([...entries.keys()]).toEqual(["plan.jsonl", `images/${sha(1)}.png`]);
  });

  it("ends the download with an error when an image cannot be read (it hung before)", async () => {
    const failing: ImageReader = async (s) => {
      if (s === sha(1)) throw new Error("database went away");
      return bytesOf(s);
    };
    const reader = taskBundleStream(bundle(3), failing).getReader();
    const read = (async () => {
      for (;;) if ((await reader.read()).done) return "ended";
    })();
    await expect(Promise.race([read, new Promise((r) => setTimeout(() => r("hung"), 3000))])).rejects.toThrow();
  });

  it("stops reading images when the client goes away", async () => {
    let reads = 0;
    const reader = taskBundleStream(bundle(200), async (s) => {
      reads++;
      return { bytes: Buffer.alloc(64 * 1024, s.slice(-1)) };
    }).getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 200));
    expect(reads).toBeLessThan(50);
  });
});
