// `npm run bench:images [-- --build] [-- --vectors N] [-- --only import|knn]`: the image path's two targets, in a fresh
// embedded Postgres in a temp dir.
//   1. Import of a 2,000-image bundle (~100 KB each: noisy JPEG and PNG, which compress as little as
//      photos) through importFile, thumbnails and content checks included. Target ≤ 60 s.
//   2. Image-space kNN over 100,000 stored 768-d vectors (random unit vectors under the tiny SigLIP
//      fixture's model name, HNSW index built as the worker builds it), timed through the API:
//      GET /api/samples?q=…&modality=image&k=20 on the production server, the query embedded by
//      SigLIP's text tower (the tiny model: the towers' cost is not what is measured). Target p50 ≤ 50 ms.
//      Then nearest() alone in this process over as many random vectors, with the SIMD and with the
//      float64 JS first pass (scripts/lib/bench-knn.ts): how much of the API figure is the scan.
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { closeDb } from "@/lib/db/client";
import { insertBenchImageSamples, insertRandomUnitVectors, setActiveModel } from "@/lib/db/queries/bench-images";
import { getEmbeddingSpace } from "@/lib/db/queries/embedding-spaces";
import { insertEmbeddings, refreshEmbeddingStatistics } from "@/lib/db/queries/embeddings";
import { importFile } from "@/lib/ingest";
import { stopQueue } from "@/lib/queue";
import { ensureVectorIndex } from "@/lib/retrieval/hnsw";
import { configuredImageEmbedder } from "@/lib/retrieval/image-embedders";
import { Rng } from "./demo/rng";
import { tarGzBundle } from "./lib/bundle-writer";
import { ensureBuild, startServer, timedGet, type BenchServer } from "./lib/bench-http";
import { freshBenchDb } from "./lib/bench-db";
import { knnAlone } from "./lib/bench-knn";
import { latencyRow, latencyTable } from "./lib/bench-stats";

const args = process.argv.slice(2);
const root = process.cwd();
const IMAGES = 2000;
const VECTORS = Number(args[args.indexOf("--vectors") + 1]) || 100_000;
const ONLY = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const MODEL = "siglip:tiny-siglip-fixture";
const QUERIES = ["a red chart", "how many circles", "a green ball", "a blue cube", "the tallest bar", "a yellow house", "a picture of trees", "a white square"];
const REQUESTS = 60;
const PLANTED = 20;
const log = (msg: string) => console.log(`[bench:images] ${msg}`);
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");

const W = 360;
const H = 270;

/** Seeded noise, drawn once; each image reads it from its own offset. */
function noiseField(rng: Rng): Uint8Array {
  const n = new Uint8Array(W * H * 3 + 4096);
  for (let i = 0; i < n.length; i++) n[i] = rng.int(64);
  return n;
}

async function noisyImage(noise: Uint8Array, i: number): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  const offset = (i * 2039) % 4096;
  // Smooth gradients plus noise: compresses about as a photo does (~100 KB at these sizes).
  for (let p = 0; p < W * H; p++) {
    const x = p % W;
    const y = (p - x) / W;
    for (let c = 0; c < 3; c++) raw[p * 3 + c] = ((x * (c + 1) + y * (3 - c) + i * 7) & 255) ^ noise[offset + p * 3 + c];
  }
  const img = sharp(raw, { raw: { width: W, height: H, channels: 3 } });
  return i % 2 ? img.jpeg({ quality: 92 }).toBuffer() : img.png({ compressionLevel: 6 }).toBuffer();
}

async function bundleFile(dir: string): Promise<{ file: string; meanKb: number }> {
  const noise = noiseField(new Rng("bench-images"));
  const files: { path: string; bytes: Buffer }[] = [];
  const lines: string[] = [];
  for (let i = 0; i < IMAGES; i++) {
    files.push({ path: `img/${i}.${i % 2 ? "jpg" : "png"}`, bytes: await noisyImage(noise, i) });
    lines.push(JSON.stringify({ type: "sample", id: `bench-bundle/${i}`, benchmark: "bench-bundle", input: `Describe picture ${i}`, image: files[i].path }));
    lines.push(JSON.stringify({ type: "score", sample: `bench-bundle/${i}`, model: "m1", metric: "accuracy", value: i % 2 }));
  }
  const meanKb = files.reduce((s, f) => s + f.bytes.length, 0) / files.length / 1024;
  const file = path.join(dir, "bench-images.tar.gz");
  writeFileSync(file, tarGzBundle([{ path: "results.jsonl", bytes: Buffer.from(lines.join("\n") + "\n") }, ...files]));
  return { file, meanKb };
}

/** A unit vector at cosine ~0.9 from \`target\`. */
function nearby(rng: Rng, target: ArrayLike<number>): Float32Array {
  const v = Float32Array.from(target, (x) => x + rng.normal() * 0.015);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

async function main() {
  const fixtures = path.join(root, "test", "fixtures");
  const { dir, db, env: benchEnv } = await freshBenchDb("bench-images-", {
    NO_DEMO: "1",
    EMBEDDER: "minilm", EMBEDDINGS_MODEL_DIR: path.join(fixtures, "tiny-minilm"),
    IMAGE_EMBEDDER: "siglip", IMAGE_EMBEDDINGS_MODEL_DIR: path.join(fixtures, "tiny-siglip"),
  });
  const summary: string[] = [];
  let server: BenchServer | undefined;
  try {
    if (ONLY !== "knn") {
      const { file, meanKb } = await bundleFile(dir);
      log(`bundle of ${IMAGES} images, mean ${meanKb.toFixed(0)} KB; importing (load ${load()})`);
      const t0 = performance.now();
      const report = await importFile(file);
      const importS = (performance.now() - t0) / 1000;
      if (report.status !== "done") throw new Error(`import ${report.status}: ${JSON.stringify(report.errors.slice(0, 3))}`);
      summary.push(`import of ${IMAGES} images (~${meanKb.toFixed(0)} KB each, thumbnails included): ${importS.toFixed(1)} s (target ≤ 60 s); load ${load()}`);
      log(summary.at(-1)!);
    }
    if (ONLY !== "import") {
      log(`writing ${VECTORS} image vectors`);
      const pks = await insertBenchImageSamples(VECTORS);
      const space = await getEmbeddingSpace("image");
      const t0v = performance.now();
      // Planted: PLANTED vectors near each query's own embedding (SigLIP's text tower, as the server
      // embeds it), so that answers hold what stands out from the random rest.
      const siglip = (await configuredImageEmbedder()).embedder!;
      const rng = new Rng("bench-image-planted");
      const targets = await siglip.embedTexts(QUERIES);
      const planted = pks.slice(0, QUERIES.length * PLANTED);
      await insertEmbeddings(space, MODEL, planted, planted.map((_, j) => nearby(rng, targets[Math.floor(j / PLANTED)])));
      for (let i = 0; i < pks.length; i += 5000) await insertRandomUnitVectors(space.space, MODEL, space.dim, pks.slice(i, i + 5000), (i / pks.length) * 2 - 1);
      log(`${pks.length} vectors written in ${((performance.now() - t0v) / 1000).toFixed(0)} s`);
      await setActiveModel("image", MODEL);
      await refreshEmbeddingStatistics();
      const t1 = performance.now();
      const index = await ensureVectorIndex(space, MODEL);
      log(`HNSW index ${index.action} over ${index.vectors} vectors in ${((performance.now() - t1) / 1000).toFixed(0)} s`);

      await ensureBuild(root, args.includes("--build"), log);
      server = await startServer(root, { ...process.env, ...benchEnv });
      const url = (q: string) => `${server!.base}/api/samples?${new URLSearchParams({ q, k: "20", modality: "image" })}`;
      for (const q of QUERIES) await timedGet(url(q));
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const t = await timedGet(url(`${QUERIES[i % QUERIES.length]} ${i}`));
        if (t.status !== 200) throw new Error(`HTTP ${t.status}: ${JSON.stringify(t.body).slice(0, 200)}`);
        found += (t.body.samples as unknown[]).length;
        times.push(t.ms);
      }
      console.log(latencyTable([latencyRow(`GET /api/samples?q&modality=image&k=20 over ${VECTORS} vectors`, times, `${(found / REQUESTS).toFixed(1)} samples per answer`)]));
      summary.push(`image-space kNN through the API: see the table (target p50 ≤ 50 ms); load ${load()}`);
      await server.stop();
      server = undefined;
      console.log(latencyTable(knnAlone(VECTORS, space.dim, targets.map((t) => Float32Array.from(t)))));
      summary.push(`nearest() alone in process: see the second table; load ${load()}`);
    }
  } finally {
    await server?.stop();
    await stopQueue();
    await closeDb();
    await db.stop();
  }
  for (const line of summary) console.log(line);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
