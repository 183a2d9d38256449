// `npm run bench:retrieval`: retrieval quality of capability queries on MMLU-Pro
// (../shared/data/mmlu-pro.jsonl.gz, 12,032 questions in 14 categories, 31 models). Two pools:
//   stripped  every subject hint removed: no tags, task or metadata, only the question text
//   tagged    the samples as published (sampleDocument: tags and task included)
// For each, the offline embedder (LSA) is fitted on the pool's own documents, as the worker does,
// and each category's name is a query. Per query: precision and recall of the retrieved set
// against the category's questions, and Kendall's tau-b between the Plackett–Luce leaderboard
// of the retrieved set and that of the category's true questions. Each strategy runs the same
// pure functions the serving path runs (lib/retrieval/*), over the same kind of arrays; the
// database round trips of a request are measured by npm run bench:query.
import { createReadStream, existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { kendallTauB } from "@/lib/ranking/kendall";
import { rank } from "@/lib/ranking/leaderboard";
import type { MeasurementBatch } from "@/lib/ranking/measurements";
import { selectSamples } from "@/lib/ranking/subset";
import { fitLsa, sampleDocument, type SampleFields } from "@/lib/retrieval/embedder";
import { LexicalIndex } from "@/lib/retrieval/lexical";
import { MMLU_PRO, readResultsFile } from "./lib/ranking-data";
import { STRATEGIES, type BenchPool } from "./lib/retrieval-strategies";

const log = (msg: string) => console.log(`[bench:retrieval] ${msg}`);

interface Sample extends SampleFields {
  id: string;
  category: string;
}

async function readSamples(file: string): Promise<Sample[]> {
  const out: Sample[] = [];
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const text of lines) {
    if (!text.startsWith('{"type": "sample"')) continue;
    const d = JSON.parse(text) as Sample & { metadata: { category: string } };
    out.push({ ...d, category: d.metadata.category });
  }
  return out;
}

function buildPool(name: string, samples: Sample[], strip: boolean, truth: BenchPool["truth"]): BenchPool {
  const fields: SampleFields[] = samples.map((s) => (strip ? { input: s.input } : s));
  const t0 = performance.now();
  const model = fitLsa(fields.map(sampleDocument));
  const vectors = model.embed(fields.map(sampleDocument));
  log(`${name}: LSA fitted and ${vectors.length} samples embedded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const lexical = new LexicalIndex(
    fields.map((f) => ({ input: f.input, tags: f.tags ?? [], task: f.task ?? null, benchmark: f.benchmark ?? null, metadata: Object.values(f.metadata ?? {}).filter((v) => typeof v === "string") })),
  );
  return { name, fields, vectors, embedder: model, lexical, truth };
}

/** Plackett–Luce scores per model of the samples kept; NaN for a model without a score. */
function scores(batch: MeasurementBatch, keep: Uint8Array): Float64Array {
  const r = rank("plackett-luce", selectSamples(batch, keep), { ci: "none" });
  const out = new Float64Array(batch.nModels).fill(NaN);
  for (const row of r.models) if (row.score !== null) out[batch.modelNames.indexOf(row.model)] = row.score;
  return out;
}

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};
const f2 = (x: number) => x.toFixed(2);

async function main(): Promise<void> {
  if (!existsSync(MMLU_PRO)) {
    log(`skipped: ${MMLU_PRO} is absent (the shared data sets are not in this checkout)`);
    return;
  }
  const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const [samples, batch] = await Promise.all([readSamples(MMLU_PRO), readResultsFile(MMLU_PRO)]);
  const rowOfBatch = new Map(batch.sampleIds!.map((id, i) => [id, i]));
  const categories = [...new Set(samples.map((s) => s.category))].sort();
  const truth = new Map(categories.map((c) => [c, new Set(samples.flatMap((s, i) => (s.category === c ? [i] : [])))]));
  const keepOf = (rows: Iterable<number>) => {
    const keep = new Uint8Array(batch.nSamples);
    for (const r of rows) keep[rowOfBatch.get(samples[r].id)!] = 1;
    return keep;
  };
  const trueScores = new Map(categories.map((c) => [c, scores(batch, keepOf(truth.get(c)!))]));
  log(`${samples.length} samples, ${categories.length} categories, ${batch.nModels} models; load average ${(await import("node:os")).loadavg().map(f2).join(" ")}`);

  for (const pool of [buildPool("stripped", samples, true, truth), buildPool("tagged", samples, false, truth)]) {
    for (const strategy of STRATEGIES.filter((s) => only.length === 0 || only.includes(s.name))) {
      const rows: { c: string; p: number; r: number; tau: number; n: number; ms: number; how: string }[] = [];
      for (const c of categories) {
        const t0 = performance.now();
        const got = strategy.retrieve(pool, c);
        const ms = performance.now() - t0;
        const relevant = truth.get(c)!;
        const hits = got.rows.filter((r) => relevant.has(r)).length;
        const tau = got.rows.length ? kendallTauB(scores(batch, keepOf(got.rows)), trueScores.get(c)!) : NaN;
        rows.push({ c, p: got.rows.length ? hits / got.rows.length : 0, r: hits / relevant.size, tau, n: got.rows.length, ms, how: got.how });
      }
      log(`${pool.name} / ${strategy.name}:`);
      for (const x of rows) log(`  ${x.c.padEnd(17)} n=${String(x.n).padStart(5)} (true ${truth.get(x.c)!.size})  precision ${f2(x.p)}  recall ${f2(x.r)}  tau ${f2(x.tau)}  ${x.ms.toFixed(0)} ms  ${x.how}`);
      const but = rows.filter((x) => x.c !== "other");
      const tau = (v: typeof rows) => mean(v.map((x) => (Number.isFinite(x.tau) ? x.tau : 0)));
      log(
        `  MEAN over 14: precision ${f2(mean(rows.map((x) => x.p)))}  recall ${f2(mean(rows.map((x) => x.r)))}  tau ${f2(tau(rows))}` +
          ` | over 13 (without "other"): precision ${f2(mean(but.map((x) => x.p)))}  recall ${f2(mean(but.map((x) => x.r)))}  tau ${f2(tau(but))}` +
          ` | retrieval p50 ${median(rows.map((x) => x.ms)).toFixed(1)} ms`,
      );
    }
  }
  log(`load average at the end ${(await import("node:os")).loadavg().map(f2).join(" ")}`);
}

await main();
