// A generated pool for the scale benchmarks (bench:scale, bench:load --pool): N samples over 40
// benchmarks, 60 models, ~10 measurements a sample (9 scores and one pairwise line), texts drawn
// from per-benchmark topic vocabularies of pseudo-words so that capability queries find something.
import { closeSync, openSync, writeSync } from "node:fs";
import { mulberry32 } from "@/lib/retrieval/embedder/prng";

export const BENCHMARKS = 40;
export const MODELS = 60;
const SCORES_PER_SAMPLE = 9;
const SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "qui", "dro", "fen", "gar", "hol", "jun", "bex", "cyr", "wan", "yel"];

/** 2,000 pseudo-words; benchmark b's topic words are the 50 from index 50·b. */
function vocabulary(rand: () => number): string[] {
  const words = new Set<string>();
  while (words.size < 2000) {
    const n = 2 + Math.floor(rand() * 2);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(""));
  }
  return [...words];
}

/** The vocabulary writeSyntheticPool draws first (the same words for every pool size). */
export const syntheticVocabulary = (): string[] => vocabulary(mulberry32(7));

export const modelNames = (): string[] => Array.from({ length: MODELS }, (_, m) => `model-${String(m).padStart(2, "0")}`);

export interface SyntheticPool {
  /** The vocabulary: benchmark b's topic words are the 50 from index 50·b. */
  words: string[];
  models: string[];
  /** Sample i's id. */
  sampleId: (i: number) => string;
}

/**
 * Writes the results file of a pool of `samples` samples to `file` (deterministic), 10,000 samples
 * per write: a 1M-sample pool (~1.3 GB) is longer than any one string may be.
 */
export function writeSyntheticPool(file: string, samples: number): SyntheticPool {
  const rand = mulberry32(7);
  const words = vocabulary(rand);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const models = modelNames();
  const skill = models.map(() => rand() * 2 - 1);
  const sampleId = (i: number) => `bench-${i % BENCHMARKS}/${i}`;
  const fd = openSync(file, "w");
  let lines: string[] = [];
  for (let i = 0; i < samples; i++) {
    if (lines.length > 0 && i % 10_000 === 0) {
      writeSync(fd, lines.join("\n") + "\n");
      lines = [];
    }
    const b = i % BENCHMARKS;
    const topic = words.slice(50 * b, 50 * b + 50);
    const text = Array.from({ length: 12 + Math.floor(rand() * 12) }, () => (rand() < 0.7 ? pick(topic) : pick(words))).join(" ");
    const id = sampleId(i);
    const sample = { type: "sample", id, benchmark: `bench-${b}`, input: text, task: b % 3 ? "qa" : "generation", tags: [`topic-${b % 8}`], metadata: { difficulty: pick(["easy", "medium", "hard"]) } };
    lines.push(JSON.stringify(sample));
    const chosen = new Set<number>();
    while (chosen.size < SCORES_PER_SAMPLE + 2) chosen.add(Math.floor(rand() * MODELS));
    const [a, bModel, ...scored] = [...chosen];
    for (const m of scored) lines.push(JSON.stringify({ type: "score", sample: id, model: models[m], metric: "accuracy", value: rand() < 0.5 + skill[m] / 3 ? 1 : 0 }));
    lines.push(JSON.stringify({ type: "pairwise", sample: id, model_a: models[a], model_b: models[bModel], winner: skill[a] + rand() - 0.5 > skill[bModel] ? "a" : "b" }));
  }
  if (lines.length > 0) writeSync(fd, lines.join("\n") + "\n");
  closeSync(fd);
  return { words, models, sampleId };
}
