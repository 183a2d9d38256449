// Drive the bench:load mix at a running portal (no upload): npx tsx .scratch/drive.ts BASE CLIENTS SECONDS SEED
import path from "node:path";
import { loadRun } from "../scripts/lib/load-run";
import { readDemoPool, trafficMix } from "../scripts/lib/load-traffic";
import { percentile } from "../scripts/lib/bench-stats";
const [base, clients, seconds, seed] = process.argv.slice(2);
const pool = readDemoPool(path.join(process.cwd(), "data", "demo", "demo.jsonl.gz"));
const r = await loadRun({ base, clients: Number(clients), seconds: Number(seconds), timeoutS: 20, mix: trafficMix(pool, Number(seed)), upload: async () => ({ status: "none", acceptedMs: 0, doneMs: 0 }) });
const kinds = [...new Set(r.answers.map((a) => a.kind))];
console.log(`${r.answers.length} answers ${(r.answers.length / r.seconds).toFixed(1)} req/s, errors ${r.errors} timeouts ${r.timeouts}, 503s ${r.answers.filter((a) => a.status === 503).length}`);
for (const k of kinds) { const ms = r.answers.filter((a) => a.kind === k).map((a) => a.ms); console.log(k, ms.length, percentile(ms, 50).toFixed(0), percentile(ms, 95).toFixed(0)); }
const all = r.answers.map((a) => a.ms); console.log("all p50/p95/p99", percentile(all, 50).toFixed(0), percentile(all, 95).toFixed(0), percentile(all, 99).toFixed(0));
