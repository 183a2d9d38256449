// bench:plan --http: GET /api/evaluation-plan over HTTP on loopback against a production `next start`,
// in a fresh embedded Postgres (temp dir) holding MMLU-Pro (12,032 samples, 31 models). Timed from
// sending to the last byte of the JSON body:
//   first     the first plan after start: the selection's leaderboard is computed and the pool's
//             planning context built (lib/planning/context-cache.ts)
//   new       plans of 20 for new models (a different name each time), the data version unchanged
//   after upload  the first plan after an upload moved the data version (cache miss: leaderboard
//             and context again), then warm again
// Target: a plan of 20 over 12k samples ≤ 500 ms (issue 15).
import { importFile } from '@/lib/ingest';
import { ensureBuild, startServer, timedGet, type BenchServer } from './bench-http';
import { freshBenchDb } from './bench-db';
import { latencyRow, latencyTable, type LatencyRow } from './bench-stats';

const REPEATS = 15;

export async function planOverHttp(file: string, forceBuild: boolean, log: (s: string) => void): Promise<{ warmMedian: number; rows: LatencyRow[] }> {
  const root = process.cwd();
  const bench = await freshBenchDb('bench-plan-http-', { EMBEDDER: 'fallback', NO_DEMO: '1' });
  const env = bench.env;
  let server: BenchServer | undefined;
  try {
    const t0 = performance.now();
    const report = await importFile(file);
    if (report.status !== 'done') throw new Error(`import ${report.status}: ${JSON.stringify(report.errors.slice(0, 3))}`);
    log(`imported ${report.counts.samples_new} samples, ${report.counts.measurements_new} measurements in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await ensureBuild(root, forceBuild, log);
    server = await startServer(root, { ...process.env, ...env });
    const base = server.base;
    const plan = async (model: string) => {
      const t = await timedGet(`${base}/api/evaluation-plan?${new URLSearchParams({ model, budget: '20' })}`);
      const samples = (t.body as { samples?: unknown[] }).samples;
      if (t.status !== 200 || samples?.length !== 20) throw new Error(`plan for ${model}: HTTP ${t.status} ${JSON.stringify(t.body).slice(0, 300)}`);
      return t.ms;
    };
    const rows: LatencyRow[] = [];
    rows.push(latencyRow('first plan after start', [await plan('a-new-model')], 'leaderboard + planning context built'));
    const fresh: number[] = [];
    for (let i = 0; i < REPEATS; i++) fresh.push(await plan(`new-model-${i}`));
    rows.push(latencyRow('new models, warm', fresh, 'a new name each time'));
    log(latencyTable(rows));
    await importFile(file.replace(/mmlu-pro\.jsonl\.gz$/, 'arena-bench-v1.jsonl.gz'));
    rows.push(latencyRow('after an upload, first', [await plan('a-new-model')], 'data version moved'));
    const after: number[] = [];
    for (let i = 0; i < REPEATS; i++) after.push(await plan(`newer-model-${i}`));
    rows.push(latencyRow('after an upload, warm', after, 'a new name each time'));
    log(`GET /api/evaluation-plan?model=…&budget=20 over all of the pool (${report.counts.samples_new} MMLU-Pro samples, then + arena-bench-v1)`);
    log(latencyTable(rows));
    const warm = rows.find((r) => r.label === 'new models, warm')!;
    return { warmMedian: warm.median, rows };
  } finally {
    await server?.stop();
    await bench.close();
  }
}
