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
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { buildDemoLines } from "./build";
import { DemoLine } from "./format";
import { DEMO_DIR, DEMO_FILE, README_FILE, SUMMARY_FILE } from "./paths";
import { renderReadme } from "./readme";
import { BASELINE_MODEL } from "./skills";
import { summarize, type DemoSummary } from "./summary";
import { recoveredLeaders } from "./verify";

export interface GeneratedDemo {
  lines: DemoLine[];
  /** The JSONL text, one line per element of `lines`, newline-terminated. */
  jsonl: string;
  summary: DemoSummary;
  readme: string;
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
