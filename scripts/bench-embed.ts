// `npm run bench:embed [-- FILE]`: the offline LSA embedder on MMLU-Pro (default
// ../shared/data/mmlu-pro.jsonl.gz): time to fit on every sample, to embed every sample (texts
// per second), fit + embed together (target ≤ 60 s on 2 cores), serialized size and round trip,
// and the median latency of embedding one query (100 queries). With EMBEDDINGS_MODEL_DIR set,
// also MiniLM's throughput on the first 512 samples. `--db`: then the embedding job's database
// path too (scripts/lib/bench-embed-db.ts): first run, kNN, a switch built beside and flipped.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { benchEmbedDb } from "./lib/bench-embed-db";
import { loadavg } from "node:os";
import { deserializeLsa, fitLsa, sampleDocument, serializeLsa, tryLoadMiniLM, type SampleFields } from "@/lib/retrieval/embedder";

const args = process.argv.slice(2);
const withDb = args.includes("--db");
const file = path.resolve(args.find((a) => !a.startsWith("--")) ?? path.join(process.cwd(), "..", "shared", "data", "mmlu-pro.jsonl.gz"));

const QUERIES = [
  "macroeconomics", "virology", "antibodies", "python code", "international law", "computer security",
  "organic chemistry", "anatomy", "philosophy of mind", "astronomy", "nutrition", "econometrics",
  "thermodynamics", "supreme court", "neural networks", "inflation", "world religions", "prehistory",
  "formal logic", "medical genetics",
];

function loadSamples(): SampleFields[] {
  const text = file.endsWith(".gz") ? gunzipSync(readFileSync(file)).toString("utf8") : readFileSync(file, "utf8");
  const samples: SampleFields[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as SampleFields & { type: string };
    if (row.type === "sample") samples.push(row);
  }
  return samples;
}

async function time<T>(f: () => T | Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await f();
  return [out, (performance.now() - t0) / 1000];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const samples = loadSamples();
  const docs = samples.map(sampleDocument);
  console.log(`${samples.length} samples from ${file}; load average ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);

  const [model, fitS] = await time(() => fitLsa(docs));
  const [vectors, embedS] = await time(() => model.embed(docs));
  console.log(`LSA ${model.name}: ${model.parts.terms.length} terms, ${model.parts.k} dims`);
  console.log(`fit            ${fitS.toFixed(2)} s`);
  console.log(`embed samples  ${embedS.toFixed(2)} s  (${Math.round(vectors.length / embedS)} samples/s)`);
  console.log(`fit + embed    ${(fitS + embedS).toFixed(2)} s  (target ≤ 60 s)`);

  const [bytes, serS] = await time(() => serializeLsa(model));
  const [copy, deS] = await time(() => deserializeLsa(bytes));
  if (copy.name !== model.name) throw new Error("round trip changed the model");
  console.log(`serialized     ${(bytes.length / 1e6).toFixed(1)} MB  (write ${serS.toFixed(2)} s, read ${deS.toFixed(2)} s)`);

  const latencies: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    model.embed([QUERIES[i % QUERIES.length]]);
    latencies.push(performance.now() - t0);
  }
  console.log(`query embed    median ${median(latencies).toFixed(3)} ms over 100 queries`);

  const modelDir = process.env.EMBEDDINGS_MODEL_DIR;
  const minilm = await tryLoadMiniLM({ modelDir });
  if (!minilm.embedder) {
    console.log(`MiniLM         skipped (${minilm.reason})`);
  } else {
    const inputs = samples.slice(0, 512).map((s) => s.input);
    const [, miniS] = await time(() => minilm.embedder.embed(inputs));
    console.log(`MiniLM         ${minilm.embedder.name}: ${Math.round(inputs.length / miniS)} samples/s on ${inputs.length} inputs`);
  }
  if (withDb) await benchEmbedDb(file, QUERIES);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
