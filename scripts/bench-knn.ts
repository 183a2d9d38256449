// `npm run bench:knn [-- --vectors N] [--dims 384,768] [--rounds R]`: the in-memory kNN of the
// serving path alone (scripts/lib/bench-knn.ts), over N random unit vectors of each dimension
// (MiniLM's 384, SigLIP's 768), with the rows as halves (as stored), as float32 in wasm and as
// float32 scanned in JS: per query, the 20 nearest, every row's exact similarity and (rows in wasm)
// the unordered first pass alone, and the rows' memory.
import { loadavg } from "node:os";
import { Rng } from "./demo/rng";
import { knnAlone } from "./lib/bench-knn";
import { latencyTable } from "./lib/bench-stats";

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const VECTORS = Number(arg("--vectors") ?? 100_000);
const DIMS = (arg("--dims") ?? "384,768").split(",").map(Number);
const ROUNDS = Number(arg("--rounds") ?? 5);
if (!Number.isInteger(VECTORS) || VECTORS < 1 || DIMS.some((d) => !Number.isInteger(d) || d < 1) || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error("usage: npm run bench:knn -- [--vectors N] [--dims 384,768] [--rounds R]");
  process.exit(2);
}
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");

console.log(`bench:knn: ${VECTORS} vectors, ${ROUNDS} rounds of 8 queries; load average at the start ${load()}`);
for (const dim of DIMS) {
  const rng = new Rng(`bench-knn-queries-${dim}`);
  const queries = Array.from({ length: 8 }, () => Float32Array.from({ length: dim }, () => rng.next() - 0.5));
  console.log(latencyTable(knnAlone(VECTORS, dim, queries, ROUNDS)));
}
console.log(`load average at the end ${load()}`);
