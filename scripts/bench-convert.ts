// `npm run bench:convert [-- DIR]`: converts the 24 AlpacaEval 1 annotation files
// (default ../shared/data/raw/alpaca-eval-1) to results-format records with the AlpacaEval
// converter, 3 times; prints the median wall and CPU time, records/s, decompressed MB/s and the
// load average (the machine is shared: CPU time is the converter's own cost when it is busy).
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { CONVERTERS, type UploadFile } from "@/lib/ingest/formats";
import { fileSource } from "@/lib/ingest/source";

const dir = path.resolve(process.argv[2] ?? path.join(process.cwd(), "..", "shared", "data", "raw", "alpaca-eval-1"));
const names = readdirSync(dir).filter((f) => f.endsWith(".annotations.json.gz")).sort();
if (names.length === 0) {
  console.error(`no *.annotations.json.gz in ${dir}`);
  process.exit(1);
}
const files: UploadFile[] = names.map((n) => ({ path: n, open: () => fileSource(path.join(dir, n)) }));
const bytes = names.reduce((s, n) => s + gunzipSync(readFileSync(path.join(dir, n))).length, 0);

async function once(): Promise<{ wall: number; cpu: number; records: number; skipped: number; errors: number }> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let records = 0;
  let skipped = 0;
  let errors = 0;
  // One file at a time, as uploads arrive.
  for (const file of files) {
    for await (const batch of CONVERTERS["alpaca-eval"].convert([file])) {
      for (const item of batch) {
        if (item.kind === "record") records++;
        else if (item.kind === "skipped") skipped++;
        else errors++;
      }
    }
  }
  const c = process.cpuUsage(c0);
  return { wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6, records, skipped, errors };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load0 = loadavg()[0];
const runs = [];
for (let i = 0; i < 3; i++) runs.push(await once());
const wall = median(runs.map((r) => r.wall));
const cpu = median(runs.map((r) => r.cpu));
const { records, skipped, errors } = runs[0];
console.log(`AlpacaEval converter: ${names.length} files, ${(bytes / 1e6).toFixed(1)} MB of JSON (decompressed)`);
console.log(`  records ${records} (samples + pairwise), skipped ${skipped}, errors ${errors}`);
console.log(`  median of 3: wall ${wall.toFixed(3)} s, CPU ${cpu.toFixed(3)} s; ${Math.round(records / wall)} records/s, ${(bytes / 1e6 / wall).toFixed(1)} MB/s`);
console.log(`  runs (wall s): ${runs.map((r) => r.wall.toFixed(3)).join(", ")}`);
console.log(`  load average (1 min) before ${load0.toFixed(2)}, after ${loadavg()[0].toFixed(2)} on ${(await import("node:os")).cpus().length} cores`);
