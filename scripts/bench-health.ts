// npm run bench:health — detection rates and false alarms of the health check (lib/health) on the
// shared real data, with faults planted in copies of MMLU-Pro split into its 14 categories (each
// category a benchmark, so that agreement with the rest of the pool is defined):
//   DROP-like: a scorer that zeroes 90% of one category's correct answers;
//   direction: one category declared lower-is-better, values unchanged;
//   wrong keys: 7% of MMLU-Pro's questions get a wrong reference (models that were right
//               become wrong; models that were wrong pick the planted key with probability p),
//               judged from the scores alone and again with simulated outputs (MMLU-Pro stores
//               none): a right model writes the true letter, a wrong one the question's popular
//               distractor with probability 1/2, else another letter — on the clean copy too, to
//               count false alarms;
//   duplicates: 60 questions of one category copied into another.
// Also times the whole MMLU-Pro pool as one benchmark (target ≤ 20 s). Prints the load average.
import { loadavg } from "node:os";
import { computeHealth, type HealthInput } from "../lib/health/report";
import type { HealthReport } from "../lib/health/types";
import { Prng } from "../lib/ranking/prng";
import { readHealthInput } from "./lib/health-data";
import { hasSharedFile, MMLU_PRO, SHARED_DATA } from "./lib/ranking-data";

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

const LETTERS = "ABCDEFGHIJ";

/** A letter of the first n other than those excluded. */
function otherLetter(rng: Prng, n: number, not: string[]): string {
  const pool = LETTERS.slice(0, n).split("").filter((l) => !not.includes(l));
  return pool[Math.floor(rng.next() * pool.length)] ?? not[0];
}

/** Plants wrong keys (share 0 plants none); with outputs, every score gets a simulated output. */
function plantWrongKeys(h: HealthInput, share: number, p: number, seed: number, outputs: boolean): { input: HealthInput; planted: Set<number> } {
  const rng = new Prng(seed);
  const planted = new Set<number>();
  const options = h.texts.inputs.map((t) => Math.max(2, (t.match(/^\([A-J]\)/gm) ?? []).length));
  const truth = h.texts.references.map((r) => r ?? "A");
  const key = truth.map((t, s) => (rng.next() < share ? (planted.add(s), otherLetter(rng, options[s], [t])) : t));
  const distractor = truth.map((t, s) => otherLetter(rng, options[s], [t, key[s]]));
  const { sample, model, metric } = h.batch.score;
  const out: HealthInput["outputs"] = [];
  const input = withScores(h, (v) => {
    for (let r = 0; r < v.length; r++) {
      const s = sample[r];
      const wasRight = v[r] === 1;
      const picksKey = planted.has(s) && !wasRight && rng.next() < p;
      if (planted.has(s)) v[r] = picksKey ? 1 : 0;
      const written = wasRight ? truth[s] : picksKey ? key[s] : rng.next() < 0.5 ? distractor[s] : otherLetter(rng, options[s], [truth[s], key[s]]);
      if (outputs) out.push({ sample: s, model: h.batch.modelNames[model[r]], metric: h.batch.metricNames[metric[r]], value: v[r], higherIsBetter: true, output: written });
    }
  });
  return { input: { ...input, outputs: out, texts: { ...h.texts, references: key } }, planted };
}

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
  for (const outputs of [false, true]) {
    const judged = outputs ? "scores and simulated outputs" : "scores alone";
    const clean = computeHealth(plantWrongKeys(base, 0, 0, 7, outputs).input);
    const mmluFlags = clean.benchmarks[0].flags.filter((f) => f.severity !== "info").map((f) => `${f.severity}:${f.code}`);
    console.log(`clean MMLU-Pro, ${judged}: ${wrongKeys(clean).size} samples flagged as wrong keys; benchmark warnings: ${mmluFlags.join(", ") || "none"}`);
    for (const p of [0.3, 1]) {
      const { input, planted } = plantWrongKeys(base, 0.07, p, 7, outputs);
      const flagged = wrongKeys(computeHealth(input));
      const hit = [...planted].filter((s) => flagged.has(s)).length;
      console.log(`wrong keys on 7% (${planted.size}), wrong models pick the key with p = ${p}, ${judged}: recall ${(hit / planted.size).toFixed(2)}, precision ${(hit / flagged.size).toFixed(2)} (load ${load()})`);
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
    console.log(`  flags: ${r.benchmarks.map((b) => `${b.name}: ${b.flags.map((f) => `${f.severity}:${f.code}`).join(", ") || "none"}`).join("; ")}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
