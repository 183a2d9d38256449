/**
 * What the demo generator planted, for tests: the leader of a capability read from the declared
 * skills (./skills.ts), and counts read from the committed data set (data/demo/summary.json and
 * demo.jsonl.gz, which scripts/demo/generate.test.ts keeps equal to the generator's output).
 * Tests that take their expectations from here keep passing when the demo is regenerated with
 * other models, skills or sizes, and fail when the portal stops recovering what was planted.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import type { DemoLine, SampleLine } from "./format";
import { DEMO_FILE, SUMMARY_FILE } from "./paths";
import { BASELINE_MODEL, DOMAINS, MODELS, domainSkill, skill, type Domain } from "./skills";
import type { DemoSummary } from "./summary";
import { buildVisionDemo } from "./vision/build";

/** The whole pool, one domain (a sample's first tag), or "domain/subtopic" (its first two). */
export type Capability = "overall" | Domain | `${Domain}/${string}`;

/** The model every demo score is relative to (fixed at 0). */
export const DEMO_BASELINE: string = BASELINE_MODEL;
export const DEMO_MODELS: readonly string[] = MODELS;

/** A model's planted skill: the mean over domains, a domain's column, or it plus the subtopic's adjustment. */
export function plantedSkill(model: string, capability: Capability): number {
  if (capability === "overall") return DOMAINS.reduce((acc, d) => acc + domainSkill(model, d), 0) / DOMAINS.length;
  const [domain, subtopic] = capability.split("/");
  return subtopic === undefined ? domainSkill(model, domain) : skill(model, domain, subtopic);
}

/** Every demo model, strongest planted skill first (ties in the matrix's order, as the generator's argmax). */
export function plantedOrder(capability: Capability): string[] {
  return MODELS.map((m, i) => ({ m, i, s: plantedSkill(m, capability) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.m);
}

/** The model the generator planted as the leader of a capability (and checked that PL recovers). */
export function plantedLeader(capability: Capability): string {
  return plantedOrder(capability)[0];
}

/** The model planted weakest at a capability. */
export function plantedLast(capability: Capability): string {
  return plantedOrder(capability).at(-1)!;
}

let summary: DemoSummary | undefined;
let lines: DemoLine[] | undefined;

/** data/demo/summary.json: the counts of the committed data set. */
export function demoSummary(): DemoSummary {
  summary ??= JSON.parse(readFileSync(SUMMARY_FILE, "utf8")) as DemoSummary;
  return summary;
}

/** Every line of the committed data/demo/demo.jsonl.gz, in file order. */
export function demoLines(): DemoLine[] {
  lines ??= gunzipSync(readFileSync(DEMO_FILE))
    .toString("utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as DemoLine);
  return lines;
}

export function demoSamples(): SampleLine[] {
  return demoLines().filter((l): l is SampleLine => l.type === "sample");
}

/** The measurement lines of one sample. */
export function demoMeasurementsOf(sampleId: string): Exclude<DemoLine, SampleLine>[] {
  return demoLines().filter((l): l is Exclude<DemoLine, SampleLine> => l.type !== "sample" && l.sample === sampleId);
}

/** Models of a measurement line. */
function modelsOf(l: Exclude<DemoLine, SampleLine>): string[] {
  if (l.type === "pairwise") return [l.model_a, l.model_b];
  if (l.type === "ranking") return l.ranking.flat();
  return [l.model];
}

/** Ids of the samples of a benchmark on which a model has a result. */
export function demoSamplesWithResult(benchmark: string, model: string): string[] {
  const ids = new Set(demoSamples().filter((s) => s.benchmark === benchmark).map((s) => s.id));
  const out = new Set<string>();
  for (const l of demoLines()) if (l.type !== "sample" && ids.has(l.sample) && modelsOf(l).includes(model)) out.add(l.sample);
  return [...out];
}

/** Models with at least one result on a benchmark. */
export function demoModelsOn(benchmark: string): string[] {
  const ids = new Set(demoSamples().filter((s) => s.benchmark === benchmark).map((s) => s.id));
  const out = new Set<string>();
  for (const l of demoLines()) if (l.type !== "sample" && ids.has(l.sample)) modelsOf(l).forEach((m) => out.add(m));
  return MODELS.filter((m) => out.has(m));
}

/**
 * The pool `npm start` imports into an empty data directory: the text demo and the vision bundle
 * (scripts/demo/vision), which share the baseline. Counts as the home page states them.
 */
export function startedPoolSummary(): { samples: number; models: number; benchmarks: number } {
  const vision = buildVisionDemo().lines;
  const models = new Set<string>(MODELS);
  const benchmarks = new Set<string>();
  let samples = 0;
  for (const line of vision) {
    if (line.type === "sample") {
      samples++;
      benchmarks.add(line.benchmark);
    } else if (line.type === "pairwise") {
      models.add(line.model_a);
      models.add(line.model_b);
    } else if ("model" in line) {
      models.add(line.model);
    }
  }
  const text = demoSummary();
  return { samples: text.samples + samples, models: models.size, benchmarks: text.benchmarks + benchmarks.size };
}
