// A text query reaches image samples through SigLIP (the tiny SigLIP-shaped model, real code path):
// bundled images embedded into the image space by the embed job, the query embedded by the text
// tower, cut against the background and fused with the text space by rank. And the explicit
// fallback, where image samples are found by their text only.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { closeDb, pool } from "@/lib/db/client";
import { reloadEnv } from "@/lib/env";
import { solidImage } from "@/lib/images/test-images";
import { importFile } from "@/lib/ingest";
import { stopQueue } from "@/lib/queue";
import { leaderboardQuerySchema } from "@/lib/selection/schema";
import { tarGzBundle } from "@/scripts/lib/bundle-writer";
import { resetDatabase } from "@/test/db";
import { embedAllSpaces } from "@/lib/retrieval/embed-pool";
import { forgetImageEmbedder } from "@/lib/retrieval/image-embedders";
import { retrieve } from "./retrieve";

const SIGLIP = fileURLToPath(new URL("../../test/fixtures/tiny-siglip", import.meta.url));
const MINILM = fileURLToPath(new URL("../../test/fixtures/tiny-minilm", import.meta.url));
const COLOURS = { red: "#ff0000", green: "#00ff00", blue: "#0000ff", yellow: "#ffff00" } as const;
/**
 * Distractors: the unrelated bulk of a pool, against which a match must stand out. The tiny model
 * sees only colour, so the bulk is one colour (a real model's background is concentrated the same
 * way: unrelated images sit at nearly the same small similarity).
 */
const OTHERS = Array<string>(16).fill("#c08040");

function configure(imageEmbedder: "siglip" | "fallback") {
  Object.assign(process.env, { EMBEDDER: "minilm", EMBEDDINGS_MODEL_DIR: MINILM, IMAGE_EMBEDDER: imageEmbedder, IMAGE_EMBEDDINGS_MODEL_DIR: SIGLIP });
  reloadEnv();
  forgetImageEmbedder();
  // The process tries MiniLM once: an earlier file in this process may have tried without the fixture.
  delete (globalThis as { __portalEmbedder?: { minilm?: unknown } }).__portalEmbedder?.minilm;
}

async function idsOf(q: string, extra: Record<string, string> = {}) {
  const r = await retrieve(leaderboardQuerySchema.parse({ q, k: "40", ...extra }));
  const rows = await pool().query<{ pk: number; id: string }>(`SELECT pk, id FROM samples WHERE pk = ANY($1::int[])`, [r.samples.map((s) => s.pk)]);
  const byPk = new Map(rows.rows.map((row) => [row.pk, row.id]));
  return { ids: r.samples.map((s) => byPk.get(s.pk)!), r };
}

beforeAll(async () => {
  await resetDatabase();
  configure("siglip");
  // Image questions whose text never names a colour; text questions about the economy.
  const lines: object[] = [];
  const files: { path: string; bytes: Buffer; hex?: string }[] = [];
  let i = 0;
  for (const [name, hex] of Object.entries(COLOURS)) {
    for (let j = 0; j < 3; j++, i++) {
      lines.push({ type: "sample", id: `vis/${name}-${j}`, benchmark: "vis", input: `Look at figure ${i} and answer the question about it`, image: `img/${i}.png` });
      files.push({ path: `img/${i}.png`, bytes: await solidImage("png", 120 + j * 40, 90, hex) });
    }
  }
  OTHERS.forEach((hex, j) => {
    lines.push({ type: "sample", id: `vis/other-${j}`, benchmark: "vis", input: `Look at figure ${i} and answer the question about it`, image: `img/${i}.png` });
    files.push({ path: `img/${i++}.png`, bytes: undefined as unknown as Buffer, hex });
  });
  for (const f of files) if ("hex" in f) f.bytes = await solidImage("png", 100, 100, (f as { hex: string }).hex);
  for (let t = 0; t < 12; t++) lines.push({ type: "sample", id: `txt/${t}`, benchmark: "econ", input: `What does inflation do to the market price of money, case ${t}?` });
  files.push({ path: "results.jsonl", bytes: Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n")) });
  const dir = mkdtempSync(path.join(tmpdir(), "image-search-"));
  writeFileSync(path.join(dir, "b.tar.gz"), tarGzBundle(files));
  const report = await importFile(path.join(dir, "b.tar.gz"));
  expect(report.errors).toEqual([]);
  const runs = await embedAllSpaces();
  expect(runs.map((r) => [r.space, r.embedder, r.embedded])).toEqual([
    ["image", "siglip:tiny-siglip-fixture", 28],
    ["text", expect.stringMatching(/^minilm:/), 40],
  ]);
});
afterAll(async () => {
  for (const k of ["EMBEDDER", "EMBEDDINGS_MODEL_DIR", "IMAGE_EMBEDDER", "IMAGE_EMBEDDINGS_MODEL_DIR"]) delete process.env[k];
  reloadEnv();
  forgetImageEmbedder();
  await stopQueue();
  await closeDb();
});

describe("image-space retrieval", () => {
  it("a colour word finds the images of that colour through SigLIP, above the background cut", async () => {
    const { ids, r } = await idsOf("red");
    expect(r.image?.model).toBe("siglip:tiny-siglip-fixture");
    // The image space keeps exactly the red images; found by both spaces, they lead the fused list.
    const fromImages = ids.filter((_, i) => r.samples[i].similarities?.image !== undefined);
    expect(fromImages.sort()).toEqual(["vis/red-0", "vis/red-1", "vis/red-2"]);
    expect(ids.slice(0, 3).sort()).toEqual(["vis/red-0", "vis/red-1", "vis/red-2"]);
    expect(r.image?.cut).toBeGreaterThan(0);
  });

  it("the query's exclusions leave out image hits too: the image side searched by the filters alone", async () => {
    // Every image sample's text says "figure": "red" finds the red ones by their pixels, and -figure must still remove them.
    expect((await idsOf("red")).ids.filter((id) => id.startsWith("vis/red-"))).toHaveLength(3);
    const { ids, r } = await idsOf("red -figure");
    expect(ids.filter((id) => id.startsWith("vis/"))).toEqual([]);
    expect(r.image).toBeUndefined();
    // A negated field term as well: -benchmark:vis leaves no image sample.
    const rest = (await idsOf("red -benchmark:vis")).ids;
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((id) => id.startsWith("txt/"))).toBe(true);
  });

  it("modality=text leaves image samples out, modality=image keeps only them", async () => {
    expect((await idsOf("blue", { modality: "text" })).ids.every((id) => id.startsWith("txt/"))).toBe(true);
    const images = (await idsOf("blue", { modality: "image" })).ids;
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((id) => id.startsWith("vis/"))).toBe(true);
    expect(images.slice(0, 3).sort()).toEqual(["vis/blue-0", "vis/blue-1", "vis/blue-2"]);
  });

  it("says in /api/health which image embedder answers; the fallback finds image samples by their text only", async () => {
    const h = await (await health(new NextRequest("http://localhost/api/health"), { params: Promise.resolve({}) })).json();
    expect(h.image_embedder).toMatchObject({ kind: "siglip", name: "siglip:tiny-siglip-fixture" });
    configure("fallback");
    const h2 = await (await health(new NextRequest("http://localhost/api/health"), { params: Promise.resolve({}) })).json();
    expect(h2.image_embedder).toEqual({ kind: "text-fallback", name: null, reason: expect.stringMatching(/IMAGE_EMBEDDER=fallback: image samples are found by their text/) });
    const { r } = await idsOf("red");
    expect(r.image).toBeUndefined();
    expect(r.samples.every((s) => s.similarities === undefined)).toBe(true);
    configure("siglip");
  });
});
