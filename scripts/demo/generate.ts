/**
 * Writes the demo data set of the portal: data/demo/demo.jsonl.gz (results-format v1),
 * data/demo/summary.json and data/demo/README.md. Deterministic: seeded PRNG, no clock, gzip
 * without a file name or mtime, so running it twice gives byte-identical files.
 *
 *   npm run demo:generate        (= tsx scripts/demo/generate.ts)
 *
 * The test scripts/demo/generate.test.ts regenerates in memory and compares with the committed
 * files, so edit the content banks (scripts/demo/content/) or skills.ts and rerun this script.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { buildDemoLines } from "./build";
import { DemoLine, LINE_TYPES, LineType, SampleLine } from "./format";
import { renderReadme } from "./readme";
import { DEMO_SEED } from "./rng";
import { BASELINE_MODEL, MODELS, intendedLeaders } from "./skills";
import { componentCount, recoveredLeaders } from "./verify";

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const DEMO_DIR = join(PROJECT_ROOT, "data", "demo");
export const DEMO_FILE = join(DEMO_DIR, "demo.jsonl.gz");
export const SUMMARY_FILE = join(DEMO_DIR, "summary.json");
export const README_FILE = join(DEMO_DIR, "README.md");

export type Leaders = ReturnType<typeof intendedLeaders>;

export interface DemoSummary {
  format: string;
  file: string;
  generator: string;
  seed: string;
  sha256Jsonl: string;
  bytesJsonl: number;
  lines: number;
  samples: number;
  benchmarks: number;
  models: number;
  measurements: number;
  linesByType: Record<LineType, number>;
  scoreLinesByMetric: Record<string, number>;
  lowerIsBetterMetrics: string[];
  pairwise: { battles: number; weighted: number; withId: number; ties: number };
  ranking: { withTiedTier: number; withMetric: number; minModels: number; maxModels: number };
  unitTest: { criteria: number; withExplicitScale: number; explicitScales: string[] };
  samplesByBenchmark: Record<string, number>;
  measurementsByBenchmark: Record<string, number>;
  samplesByDomain: Record<string, number>;
  samplesBySubtopic: Record<string, number>;
  modelList: string[];
  baselineModel: string;
  missingRate: number;
  comparisonGraph: { models: number; components: number };
  intendedLeaders: Leaders;
}

export interface GeneratedDemo {
  lines: DemoLine[];
  /** The JSONL text, one line per element of `lines`, newline-terminated. */
  jsonl: string;
  summary: DemoSummary;
  readme: string;
}

function sorted<T>(rec: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(rec).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function inc(rec: Record<string, number>, key: string, by = 1) {
  rec[key] = (rec[key] ?? 0) + by;
}

export function summarize(lines: DemoLine[], jsonl: string, missingRate: number): DemoSummary {
  const linesByType = Object.fromEntries(LINE_TYPES.map((t) => [t, 0])) as Record<LineType, number>;
  const scoreLinesByMetric: Record<string, number> = {};
  const lowerIsBetter = new Set<string>();
  const pairwise = { battles: 0, weighted: 0, withId: 0, ties: 0 };
  const ranking = { withTiedTier: 0, withMetric: 0, minModels: Infinity, maxModels: 0 };
  const criteria = new Set<string>();
  const scales = new Set<string>();
  let withExplicitScale = 0;
  const samplesByBenchmark: Record<string, number> = {};
  const measurementsByBenchmark: Record<string, number> = {};
  const samplesByDomain: Record<string, number> = {};
  const samplesBySubtopic: Record<string, number> = {};
  const benchOf = new Map<string, string>();
  const models = new Set<string>();
  for (const l of lines) {
    linesByType[l.type]++;
    if (l.type === "sample") {
      benchOf.set(l.id, l.benchmark);
      inc(samplesByBenchmark, l.benchmark);
      inc(samplesByDomain, l.tags![0]);
      inc(samplesBySubtopic, `${l.tags![0]}/${l.tags![1]}`);
      continue;
    }
    inc(measurementsByBenchmark, benchOf.get(l.sample)!);
    if (l.type === "score") {
      models.add(l.model);
      inc(scoreLinesByMetric, l.metric);
      if (l.higher_is_better === false) lowerIsBetter.add(l.metric);
    } else if (l.type === "pairwise") {
      models.add(l.model_a).add(l.model_b);
      if (l.p_a === undefined) pairwise.battles++;
      else pairwise.weighted++;
      if (l.id !== undefined) pairwise.withId++;
      if (l.winner === "tie") pairwise.ties++;
    } else if (l.type === "ranking") {
      l.ranking.flat().forEach((m) => models.add(m));
      if (l.ranking.some((t) => t.length > 1)) ranking.withTiedTier++;
      if (l.metric !== undefined) ranking.withMetric++;
      const n = l.ranking.flat().length;
      ranking.minModels = Math.min(ranking.minModels, n);
      ranking.maxModels = Math.max(ranking.maxModels, n);
    } else {
      models.add(l.model);
      criteria.add(l.criterion);
      if (l.scale) {
        withExplicitScale++;
        scales.add(`${l.criterion}: [${l.scale.join(", ")}]`);
      }
    }
  }
  const samples = lines.filter((l): l is SampleLine => l.type === "sample");
  const subtopicKeys = Object.keys(samplesBySubtopic).sort();
  return {
    format: "results-format v1",
    file: "data/demo/demo.jsonl.gz",
    generator: "scripts/demo/generate.ts",
    seed: DEMO_SEED,
    sha256Jsonl: createHash("sha256").update(jsonl).digest("hex"),
    bytesJsonl: Buffer.byteLength(jsonl),
    lines: lines.length,
    samples: samples.length,
    benchmarks: Object.keys(samplesByBenchmark).length,
    models: models.size,
    measurements: lines.length - samples.length,
    linesByType,
    scoreLinesByMetric: sorted(scoreLinesByMetric),
    lowerIsBetterMetrics: [...lowerIsBetter].sort(),
    pairwise,
    ranking,
    unitTest: { criteria: criteria.size, withExplicitScale, explicitScales: [...scales].sort() },
    samplesByBenchmark,
    measurementsByBenchmark,
    samplesByDomain: sorted(samplesByDomain),
    samplesBySubtopic: sorted(samplesBySubtopic),
    modelList: MODELS.filter((m) => models.has(m)),
    baselineModel: BASELINE_MODEL,
    missingRate: Math.round(missingRate * 1000) / 1000,
    comparisonGraph: componentCount(lines),
    intendedLeaders: intendedLeaders(subtopicKeys),
  };
}

/** Builds the whole demo in memory and checks it; throws if a documented property does not hold. */
export function generateDemo(): GeneratedDemo {
  const { lines, missing } = buildDemoLines();
  const jsonl = lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
  const summary = summarize(lines, jsonl, missing.absent / missing.possible);
  if (summary.comparisonGraph.components !== 1) throw new Error("the comparison graph is not connected");
  const recovered = recoveredLeaders(lines, BASELINE_MODEL);
  const wrong: string[] = [];
  const want = summary.intendedLeaders;
  if (recovered.overall !== want.overall) wrong.push(`overall: ${recovered.overall} != ${want.overall}`);
  for (const [k, v] of Object.entries(want.byDomain)) if (recovered.byDomain[k] !== v) wrong.push(`${k}: ${recovered.byDomain[k]} != ${v}`);
  for (const [k, v] of Object.entries(want.bySubtopic)) if (recovered.bySubtopic[k] !== v) wrong.push(`${k}: ${recovered.bySubtopic[k]} != ${v}`);
  if (wrong.length > 0) throw new Error(`Plackett–Luce leaders differ from the intended ones:\n  ${wrong.join("\n  ")}`);
  return { lines, jsonl, summary, readme: renderReadme(summary) };
}

/** The demo's lines (what the test compares with the committed file). */
export function generateDemoLines(): DemoLine[] {
  return generateDemo().lines;
}

export function gzipDemo(jsonl: string): Buffer {
  // Node's gzip header has no file name and mtime 0: identical input gives identical bytes.
  return gzipSync(Buffer.from(jsonl, "utf8"), { level: 9 });
}

function main() {
  const demo = generateDemo();
  const gz = gzipDemo(demo.jsonl);
  mkdirSync(DEMO_DIR, { recursive: true });
  writeFileSync(DEMO_FILE, gz);
  writeFileSync(SUMMARY_FILE, JSON.stringify(demo.summary, null, 2) + "\n");
  writeFileSync(README_FILE, demo.readme);
  const s = demo.summary;
  const out: string[] = [];
  out.push(`wrote ${DEMO_FILE} (${gz.length} bytes gzip, ${s.bytesJsonl} bytes JSONL, sha256 ${createHash("sha256").update(gz).digest("hex")})`);
  out.push(`lines ${s.lines}: ${Object.entries(s.linesByType).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  out.push(`score metrics: ${Object.entries(s.scoreLinesByMetric).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  out.push(`pairwise: ${JSON.stringify(s.pairwise)}; ranking: ${JSON.stringify(s.ranking)}`);
  out.push(`unit_test: ${s.unitTest.criteria} criteria, ${s.unitTest.withExplicitScale} lines with an explicit scale`);
  out.push(`benchmarks (${s.benchmarks}):`);
  for (const [b, n] of Object.entries(s.samplesByBenchmark)) out.push(`  ${b.padEnd(20)} ${String(n).padStart(4)} samples ${String(s.measurementsByBenchmark[b] ?? 0).padStart(6)} measurements`);
  out.push(`models (${s.models}): ${s.modelList.join(", ")}`);
  out.push(`baseline: ${s.baselineModel}; missing (model, sample) pairs: ${(100 * s.missingRate).toFixed(1)}%; graph components: ${s.comparisonGraph.components}`);
  out.push(`leaders (recovered = intended): overall ${s.intendedLeaders.overall}`);
  for (const [k, v] of Object.entries(s.intendedLeaders.byDomain)) out.push(`  ${k.padEnd(28)} ${v}`);
  for (const [k, v] of Object.entries(s.intendedLeaders.bySubtopic)) out.push(`  ${k.padEnd(28)} ${v}`);
  console.log(out.join("\n"));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
