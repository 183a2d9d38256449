/**
 * The machine-readable summary of the demo data set (data/demo/summary.json): every count the
 * README states and the leaders the skill matrix plants, computed from the generated lines.
 */
import { createHash } from "node:crypto";
import { DemoLine, LINE_TYPES, LineType, SampleLine } from "./format";
import { DEMO_SEED } from "./rng";
import { BASELINE_MODEL, MODELS, intendedLeaders } from "./skills";
import { componentCount } from "./verify";

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
