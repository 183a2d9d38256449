// npm run bench:health — detection rates and false alarms of the health check (lib/health) on the
// shared real data, with faults planted in copies of MMLU-Pro split into its 14 categories (each
// category a benchmark, so that agreement with the rest of the pool is defined):
//   DROP-like: a scorer that zeroes 90% of one category's correct answers;
//   direction: one category declared lower-is-better, values unchanged;
//   wrong keys: 7% of MMLU-Pro's questions get a wrong reference (./lib/plant-keys.ts: models
//               that were right become wrong; models that were wrong pick the planted key with
//               probability p = 1, 0.3, or 1/(options − 1) "uniform"), judged from the scores alone
//               and again with simulated outputs (MMLU-Pro stores none) — on the clean copy too,
//               to count false alarms; planting seeds 7–10 (BENCH_SEEDS). The target (recall ≥ 0.8,
//               precision ≥ 0.5) is checked on every scenario's median over seeds and printed as met
//               or missed (with the seeds that miss), or, from scores alone, as out of reach where a
//               supervised reference (./lib/key-oracle.ts, given the planted labels) stays under it;
//               "uniform" is the natural reading of "a wrong answer key" (a random other option);
//   duplicates: 60 questions of one category copied into another.
// Also times the whole MMLU-Pro pool as one benchmark (target ≤ 20 s). Prints the load average.
import { loadavg } from "node:os";
import { computeHealth, type HealthInput } from "../lib/health/report";
import type { HealthReport } from "../lib/health/types";
import { readHealthInput } from "./lib/health-data";
import { oracleRecallAtHalfPrecision } from "./lib/key-oracle";
import { plantWrongKeys, type KeyPick } from "./lib/plant-keys";
import { hasSharedFile, MMLU_PRO, SHARED_DATA } from "./lib/ranking-data";

/** Planting seeds of the wrong-key scenarios (BENCH_SEEDS="7,8" to run fewer). */
const SEEDS = (process.env.BENCH_SEEDS ?? "7,8,9,10").split(",").map(Number);
const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
const worst = (r: HealthReport, name: string) => r.benchmarks.find((b) => b.name === name)!.flags.filter((f) => f.severity !== "info").map((f) => `${f.severity}:${f.code}`);

function timed(label: string, input: HealthInput): HealthReport {
  const t0 = performance.now();
  const r = computeHealth(input);
  console.log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s (load ${load()})`);
  return r;
}

function byCategory(base: HealthInput): HealthInput {
  const benchmarks = base.batch.sampleTags!.map((t) => t[0]);
  return { ...base, batch: { ...base.batch, sampleBenchmarks: benchmarks }, texts: { ...base.texts, benchmarks } };
}

function withScores(h: HealthInput, edit: (value: Float64Array, hib: Uint8Array, bench: string[]) => void): HealthInput {
  const value = h.batch.score.value.slice();
  const hib = h.batch.score.higherIsBetter.slice();
  edit(value, hib, h.batch.sampleBenchmarks!);
  return { ...h, batch: { ...h.batch, score: { ...h.batch.score, value, higherIsBetter: hib } } };
}

/** The wrong-key scenarios: how often a model that misses the true answer picks the planted key. */
const SCENARIOS: [KeyPick, string][] = [
  [
    1,
    "every model that missed the true answer had picked the very option that became the key: the key is the answer the models' shared mistake points to (an attractive distractor, a misconception the key's author shared) — the easiest case",
  ],
  [0.3, "30% of the models that missed it picked the planted key: one attractive distractor among several"],
  [
    "uniform",
    "THE NATURAL CASE, a key replaced by a random other option: 1/(options − 1) of them (≈ 0.11 on 10 options), no more attractive than any other. Such a key makes the question look hard (strong models now fail; a few weak ones guess the key), which scores alone cannot tell from a genuinely hard question — MMLU-Pro has 1,572 questions that at most 2 of its 31 models answer, and 238 of the 844 planted keys had at most 5 models right before; stored outputs, where the strong models share one answer against the key, recover most of the others",
  ],
];

async function main() {
  if (!hasSharedFile(MMLU_PRO)) {
    console.log(`skipped: ${MMLU_PRO} not found`);
    return;
  }
  const base = await readHealthInput(MMLU_PRO);
  const whole = timed("MMLU-Pro, 12,032 samples x 31 models, one benchmark", base);
  const mmlu = whole.benchmarks[0];
  console.log(`  flags: ${mmlu.flags.map((f) => `${f.severity}:${f.code}`).join(", ")}; flagged samples: ${new Set(whole.sampleFlags.map((f) => f.sample)).size}`);

  const split = byCategory(base);
  const clean = timed("MMLU-Pro by category (14 benchmarks), clean", split);
  const alarms = clean.benchmarks.filter((b) => b.flags.some((f) => f.severity !== "info")).map((b) => b.name);
  console.log(`  benchmarks with a warning or critical flag (false alarms): ${alarms.length ? alarms.join(", ") : "none"}`);
  console.log(`  tau: ${clean.benchmarks.map((b) => `${b.name} ${b.agreement?.tau.toFixed(2)} [${b.agreement?.ci.map((x) => x.toFixed(2)).join(", ")}]`).join("; ")}`);

  const drop = withScores(split, (v, _h, bench) => {
    for (let r = 0; r < v.length; r++) if (bench[split.batch.score.sample[r]] === "law" && v[r] === 1 && r % 10 !== 0) v[r] = 0;
  });
  console.log(`DROP-like scorer on "law": ${worst(timed("  run", drop), "law").join(", ") || "NOT FLAGGED"}`);

  const reversed = withScores(split, (_v, hib, bench) => {
    for (let r = 0; r < hib.length; r++) if (bench[split.batch.score.sample[r]] === "physics") hib[r] = 0;
  });
  console.log(`"physics" declared lower-is-better: ${worst(timed("  run", reversed), "physics").join(", ") || "NOT FLAGGED"}`);

  const wrongKeys = (r: HealthReport) => new Set(r.sampleFlags.filter((f) => f.code === "negative_discrimination").map((f) => f.sample));
  for (const [p, what] of SCENARIOS) console.log(`wrong-key scenario p = ${p}: ${what}`);
  console.log(`planting seeds ${SEEDS.join(", ")}; the verdict reads the median over seeds and names the seeds that miss`);
  for (const outputs of [false, true]) {
    const judged = outputs ? "scores and simulated outputs" : "scores alone";
    const clean = computeHealth(plantWrongKeys(base, 0, 0, 7, outputs).input);
    const mmluFlags = clean.benchmarks[0].flags.filter((f) => f.severity !== "info").map((f) => `${f.severity}:${f.code}`);
    console.log(`clean MMLU-Pro, ${judged}: ${wrongKeys(clean).size} samples flagged as wrong keys; benchmark warnings: ${mmluFlags.join(", ") || "none"}`);
    for (const [p] of SCENARIOS) {
      const runs = SEEDS.map((seed) => {
        const { input, planted } = plantWrongKeys(base, 0.07, p, seed, outputs);
        const flagged = wrongKeys(computeHealth(input));
        const hit = [...planted].filter((s) => flagged.has(s)).length;
        const run = { seed, n: planted.size, recall: hit / planted.size, precision: hit / Math.max(1, flagged.size), oracle: outputs ? NaN : oracleRecallAtHalfPrecision(input, planted) };
        console.log(`  wrong keys on 7% (${run.n}), p = ${p}, ${judged}, seed ${seed}: recall ${run.recall.toFixed(3)}, precision ${run.precision.toFixed(3)}${outputs ? "" : `; supervised reference ${run.oracle.toFixed(3)}`} (load ${load()})`);
        return run;
      });
      const recall = median(runs.map((r) => r.recall));
      const precision = median(runs.map((r) => r.precision));
      const missing = runs.filter((r) => r.recall < 0.8 || r.precision < 0.5).map((r) => r.seed);
      const oracle = median(runs.map((r) => r.oracle));
      // From scores alone, a scenario where even the supervised reference (given the planted labels) stays under recall 0.8 at precision 0.5 is out of reach, not missed.
      const verdict =
        recall >= 0.8 && precision >= 0.5
          ? `[target met${missing.length ? `; ${missing.length > 1 ? "seeds" : "seed"} ${missing.join(", ")} ${missing.length > 1 ? "miss" : "misses"}` : " on every seed"}]`
          : !outputs && oracle < 0.8
            ? `[out of reach from scores alone: the supervised reference, given the planted labels, reaches recall ${oracle.toFixed(3)} at precision 0.5]`
            : `[TARGET MISSED${missing.length < runs.length ? `; seeds ${runs.filter((r) => !missing.includes(r.seed)).map((r) => r.seed).join(", ")} meet it` : ""}]`;
      console.log(`wrong keys, p = ${p}, ${judged}, median of ${runs.length} seeds: recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)}  ${verdict}`);
      if (!outputs) console.log(`  supervised reference from scores (given the planted labels, 2-fold cross-validated), median best recall at precision ≥ 0.5: ${oracle.toFixed(3)}`);
    }
  }

  const inputs = [...split.texts.inputs];
  const from = inputs.map((_, i) => i).filter((i) => split.texts.benchmarks[i] === "biology").slice(0, 60);
  const to = inputs.map((_, i) => i).filter((i) => split.texts.benchmarks[i] === "health").slice(0, 60);
  to.forEach((t, k) => (inputs[t] = from[k] !== undefined ? ` ${inputs[from[k]].toUpperCase()}  ` : inputs[t]));
  const dup = computeHealth({ ...split, texts: { ...split.texts, inputs } });
  const dupFlagged = new Set(dup.sampleFlags.filter((f) => f.code === "duplicate").map((f) => f.sample));
  console.log(`60 biology questions copied into health: recall ${(to.filter((t) => dupFlagged.has(t)).length / to.length).toFixed(2)}`);

  for (const file of ["arena-bench-v1.jsonl.gz", "llmfao-crowd.jsonl.gz"]) {
    const r = timed(file, await readHealthInput(SHARED_DATA + file));
    console.log(`  flags: ${r.benchmarks.map((b) => `${b.name}: ${b.flags.map((f) => `${f.severity}:${f.code}`).join(", ") || "none"}`).join("; ")}; samples flagged as wrong keys: ${wrongKeys(r).size}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
