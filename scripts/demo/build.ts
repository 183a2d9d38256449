/**
 * Builds the demo data set in memory: samples from the content banks, measurements drawn from the
 * latent skills in skills.ts. Everything is seeded (rng.ts); nothing reads the clock.
 */
import { biologyDrafts } from "./content/biology";
import { arenaDrafts, instructDrafts } from "./content/chat";
import { chemMedDrafts } from "./content/chemmed";
import { economicsDrafts } from "./content/economics";
import { geographyDrafts } from "./content/geography";
import { LAW_CRITERIA_BY_SUBTOPIC, LAW_CRITERIA_COMMON, lawEssayDrafts } from "./content/law-essays";
import { lawMcDrafts } from "./content/law";
import { MATH_CRITERION_BY_SUBTOPIC, MATH_SHOW_STEPS, MATH_SHOW_STEPS_SCALE, mathematicsDrafts } from "./content/mathematics";
import { CODE_CRITERIA, algorithmDrafts, pythonDrafts } from "./content/programming";
import { sqlDrafts } from "./content/sql";
import { translationDrafts } from "./content/translation";
import { Difficulty, SampleDraft } from "./content/types";
import { businessDrafts, creativeDrafts } from "./content/writing";
import { DemoLine, MeasurementLine, SampleLine } from "./format";
import { BASELINE_MODEL, MODELS, skill } from "./skills";
import { Rng, clamp, round, sigmoid } from "./rng";

/** Probability that a model present on a benchmark has no result for one of its samples. */
export const MISSING_RATE = 0.1;

/** What a measurement recipe knows about one sample. */
export interface SampleCtx {
  id: string;
  domain: string;
  subtopic: string;
  /** Latent difficulty: DIFFICULTY_OFFSET of its label plus seeded jitter. */
  b: number;
  /** Models with a result on this sample (benchmark roster minus missing ones). */
  models: string[];
}

interface BenchmarkSpec {
  name: string;
  task: string;
  drafts: () => SampleDraft[];
  /** Models never evaluated on this benchmark (realistic structural missingness). */
  absent?: string[];
  /** Pairwise/ranking benchmarks compare models from the roster rather than per-sample presence. */
  measure: (s: SampleCtx, rng: Rng) => MeasurementLine[];
}

const z = (model: string, s: SampleCtx) => skill(model, s.domain, s.subtopic) - s.b;

/** Binary scores are Bernoulli(sigmoid(BINARY_SLOPE · (z − BINARY_SHIFT))): keeps strong models off the ceiling. */
export const BINARY_SLOPE = 1.8;
export const BINARY_SHIFT = 0.8;

/** Binary score (accuracy, pass@1). */
function binary(metric: string) {
  return (s: SampleCtx, rng: Rng): MeasurementLine[] =>
    s.models.map((model) => ({
      type: "score", sample: s.id, model, metric,
      value: rng.bernoulli(sigmoid(BINARY_SLOPE * (z(model, s) - BINARY_SHIFT))) ? 1 : 0,
    }));
}

/** Criterion offset in [−0.5, 0.5]: some criteria are easier to satisfy than others. */
function criterionEase(criterion: string): number {
  return new Rng(`criterion|${criterion}`).next() - 0.5;
}

/** LMUnit-style unit tests: each criterion graded on its scale (default 1–5). */
function unitTests(s: SampleCtx, rng: Rng, criteria: { criterion: string; scale?: [number, number] }[]): MeasurementLine[] {
  const out: MeasurementLine[] = [];
  for (const { criterion, scale } of criteria) {
    const [lo, hi] = scale ?? [1, 5];
    const mid = (lo + hi) / 2;
    const spread = (hi - lo) / 4;
    for (const model of s.models) {
      const v = mid + spread * (1.0 * z(model, s) + criterionEase(criterion)) + spread * 0.8 * rng.normal();
      out.push({
        type: "unit_test", sample: s.id, model, criterion,
        value: clamp(Math.round(v), lo, hi),
        ...(scale ? { scale } : {}),
      });
    }
  }
  return out;
}

function essayCriteria(subtopic: string) {
  return [LAW_CRITERIA_BY_SUBTOPIC[subtopic], ...LAW_CRITERIA_COMMON].map((criterion) => ({ criterion }));
}

const BENCHMARKS: BenchmarkSpec[] = [
  { name: "demo-bio-qa", task: "multiple-choice QA", drafts: biologyDrafts, measure: binary("accuracy") },
  { name: "demo-law-mc", task: "multiple-choice QA", drafts: lawMcDrafts, measure: binary("accuracy") },
  {
    name: "demo-law-essay", task: "legal analysis", drafts: lawEssayDrafts,
    absent: ["orca-coder-7b", "polyglot-mt-12b"],
    measure: (s, rng) => unitTests(s, rng, essayCriteria(s.subtopic)),
  },
  { name: "demo-econ-qa", task: "multiple-choice QA", drafts: economicsDrafts, measure: binary("accuracy") },
  {
    name: "demo-code-tests", task: "code generation",
    drafts: () => [...pythonDrafts(), ...sqlDrafts(), ...algorithmDrafts()],
    absent: ["polyglot-mt-12b", "quill-chat-7b"],
    measure: (s, rng) => [
      ...binary("pass@1")(s, rng),
      ...unitTests(s, rng, CODE_CRITERIA[s.subtopic].map((criterion) => ({ criterion }))),
    ],
  },
  { name: "demo-geo-qa", task: "multiple-choice QA", drafts: geographyDrafts, measure: binary("accuracy") },
  {
    name: "demo-math-word", task: "math word problem", drafts: mathematicsDrafts,
    measure: (s, rng) => [
      ...binary("accuracy")(s, rng),
      ...unitTests(s, rng, [
        { criterion: MATH_CRITERION_BY_SUBTOPIC[s.subtopic] },
        { criterion: MATH_SHOW_STEPS, scale: MATH_SHOW_STEPS_SCALE },
      ]),
    ],
  },
  { name: "demo-chem-med-qa", task: "multiple-choice QA", drafts: chemMedDrafts, measure: binary("accuracy") },
  {
    name: "demo-chat-arena", task: "open-ended chat", drafts: arenaDrafts,
    absent: ["euler-math-14b", "curie-chem-13b"],
    measure: (s, rng) => [...arenaBattles(s, rng), ...judgeGrades(s, rng)],
  },
  {
    name: "demo-alpaca-eval", task: "instruction following", drafts: instructDrafts,
    absent: ["curie-chem-13b"],
    measure: alpacaPreferences,
  },
  {
    name: "demo-writing-judge", task: "writing", drafts: () => [...creativeDrafts(), ...businessDrafts()],
    absent: ["orca-coder-7b"],
    measure: writingRankings,
  },
  {
    name: "demo-translate", task: "translation", drafts: translationDrafts,
    absent: ["sage-law-13b", "helix-bio-34b"],
    measure: translationScores,
  },
];

/** Arena battles: random pairs; P(tie) shrinks with the skill gap; otherwise Bradley–Terry. */
function arenaBattles(s: SampleCtx, rng: Rng): MeasurementLine[] {
  const out: MeasurementLine[] = [];
  const n = 12 + rng.int(5);
  for (let j = 1; j <= n; j++) {
    const [a, b] = rng.shuffle(s.models).slice(0, 2);
    const d = z(a, s) - z(b, s);
    const pTie = 0.2 * Math.exp(-Math.abs(d) / 1.5);
    const u = rng.next();
    const winner = u < pTie ? "tie" : rng.bernoulli(sigmoid(d)) ? "a" : "b";
    out.push({
      type: "pairwise", sample: s.id, model_a: a, model_b: b, winner,
      // every third battle carries an id, as an idempotent re-upload would
      ...(j % 3 === 0 ? { id: `${s.id}#battle-${String(j).padStart(2, "0")}` } : {}),
    });
  }
  return out;
}

/** GPT-4-as-judge grades 1–10 on the arena prompts. */
function judgeGrades(s: SampleCtx, rng: Rng): MeasurementLine[] {
  return s.models.map((model) => ({
    type: "score", sample: s.id, model, metric: "gpt4-grade",
    value: clamp(Math.round(5.5 + 1.5 * z(model, s) + 1.1 * rng.normal()), 1, 10),
    higher_is_better: true,
  }));
}

/** AlpacaEval-style weighted preference of each model (a) over the fixed reference (b). */
function alpacaPreferences(s: SampleCtx, rng: Rng): MeasurementLine[] {
  const out: MeasurementLine[] = [];
  for (const model of s.models) {
    if (model === BASELINE_MODEL) continue;
    const p = round(sigmoid(1.4 * (z(model, s) - z(BASELINE_MODEL, s)) + 0.9 * rng.normal()), 3);
    out.push({
      type: "pairwise", sample: s.id, model_a: model, model_b: BASELINE_MODEL,
      winner: p > 0.5 ? "a" : p < 0.5 ? "b" : "tie",
      p_a: p,
      id: `${s.id}#vs-${BASELINE_MODEL}#${model}`,
    });
  }
  return out;
}

/** A judge ranks 4–6 responses: Plackett–Luce draw (utility + Gumbel), near-equal ones tied. */
function drawRanking(models: string[], s: SampleCtx, rng: Rng): string[][] {
  const util = models.map((m) => ({ m, u: 1.3 * z(m, s) + rng.gumbel() }));
  util.sort((x, y) => y.u - x.u);
  const tiers: string[][] = [];
  let prev = Infinity;
  for (const { m, u } of util) {
    if (tiers.length > 0 && prev - u < 0.2) tiers[tiers.length - 1].push(m);
    else tiers.push([m]);
    prev = u;
  }
  return tiers.map((t) => t.sort());
}

/** Two judge passes per prompt (overall quality, then style or clarity), each over its own 4–6 responses. */
function writingRankings(s: SampleCtx, rng: Rng): MeasurementLine[] {
  const second = s.subtopic === "business writing" ? "clarity" : "style";
  const pass = () => drawRanking(rng.shuffle(s.models).slice(0, 4 + rng.int(3)), s, rng);
  return [
    { type: "ranking", sample: s.id, ranking: pass() },
    { type: "ranking", sample: s.id, metric: second, ranking: pass() },
  ];
}

/** BLEU (higher is better) and normalized character edit distance to the reference (lower is better). */
function translationScores(s: SampleCtx, rng: Rng): MeasurementLine[] {
  const out: MeasurementLine[] = [];
  for (const model of s.models) {
    const q = z(model, s) + 0.35 * rng.normal();
    out.push({ type: "score", sample: s.id, model, metric: "bleu", value: round(clamp(30 + 9 * q + 3 * rng.normal(), 0, 100), 1) });
    out.push({
      type: "score", sample: s.id, model, metric: "edit-distance",
      value: round(clamp(0.42 - 0.1 * q + 0.03 * rng.normal(), 0, 1), 3),
      higher_is_better: false,
    });
  }
  return out;
}

/** Standard deviation of the per-sample jitter added to the difficulty offset. */
export const DIFFICULTY_JITTER = 0.5;
export const DIFFICULTY_OFFSET: Record<Difficulty, number> = { easy: -1.2, medium: 0, hard: 1.5 };

/** Difficulty for drafts that do not set one: 30% easy, 45% medium, 25% hard (seeded by id). */
function defaultDifficulty(id: string): Difficulty {
  const u = new Rng(`difficulty|${id}`).next();
  return u < 0.3 ? "easy" : u < 0.75 ? "medium" : "hard";
}

export interface BuiltDemo {
  lines: DemoLine[];
  /** (model, sample) pairs a benchmark could have had but has not, over all benchmarks. */
  missing: { possible: number; absent: number };
}

export function buildDemoLines(): BuiltDemo {
  const lines: DemoLine[] = [];
  const seen = new Set<string>();
  let possible = 0;
  let absentCount = 0;
  for (const bench of BENCHMARKS) {
    const drafts = bench.drafts();
    const samples: SampleLine[] = [];
    const ctxs: SampleCtx[] = [];
    drafts.forEach((d, i) => {
      const id = `${bench.name}/${String(i + 1).padStart(4, "0")}`;
      const difficulty = d.difficulty ?? defaultDifficulty(id);
      if (seen.has(d.input)) throw new Error(`duplicate sample text in ${id}: ${d.input.slice(0, 60)}`);
      seen.add(d.input);
      const [domain, subtopic] = d.tags;
      samples.push({
        type: "sample", id, benchmark: bench.name, input: d.input,
        ...(d.reference !== undefined ? { reference: d.reference } : {}),
        task: bench.task,
        tags: d.tags,
        metadata: { difficulty, source: "demo", language: "en", ...(d.meta ?? {}) },
      });
      const roster = MODELS.filter((m) => !(bench.absent ?? []).includes(m));
      // the baseline is always present, so every sample links to it
      const models = roster.filter((m) => m === BASELINE_MODEL || !new Rng(`missing|${id}|${m}`).bernoulli(MISSING_RATE));
      possible += MODELS.length;
      absentCount += MODELS.length - models.length;
      ctxs.push({ id, domain, subtopic, b: DIFFICULTY_OFFSET[difficulty] + DIFFICULTY_JITTER * new Rng(`b|${id}`).normal(), models });
    });
    lines.push(...samples);
    for (const ctx of ctxs) lines.push(...bench.measure(ctx, new Rng(`measure|${ctx.id}`)));
  }
  return { lines, missing: { possible, absent: absentCount } };
}
