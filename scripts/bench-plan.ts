// Evaluation-planning benchmark (npm run bench:plan): on the shared real data, hold models out
// of a selection and place each from 5% and 10% of the selection's samples, chosen by the plan
// (lib/planning) in rounds of 20 or at random, against its full-data rank (the leaderboard
// engine's Plackett-Luce fit with every sample). "Running" a planned sample reveals the model's
// stored result on it. Reported per selection: mean absolute rank error, coverage of the
// full-data rank by the 95% rank interval, mean interval width, RMS error of the score against
// the full-selection score; and the time of a plan of 20 on all of MMLU-Pro.
// Options: --models=N held out per selection (default 8), --seeds=N random draws (default 5),
// --plan-seeds=N plans per model, each another fair draw within the plan's cells (default 3),
// --all-models=N, --all-draws=N: on all of MMLU-Pro at least N held-out models (default 16) and
// N plan and N random draws (default 3),
// --floor=F the plan's guaranteed share of each band's and stratum's proportional count, for
// every sample (default: the plan's own, lib/planning/plan.ts sampleFloors),
// --stratum-floor=F, --rising-n=N: the plan's own floors (sampleFloors) but with F as the stratum
// floor of grouped samples (default GROUPED_FLOOR) and a band floor of grouped samples rising as
// 1 − N / n (default none; stop 9 shipped N = 100 with strata at 0.8): what lib/planning/README.md's
// floor sweeps on all of MMLU-Pro ran,
// --selections=all,math,law,history,arena,alpaca,llmfao (default: these; `all` = every MMLU-Pro
// category, `alpaca` = the 24 raw AlpacaEval 1 annotation files through the portal's converter:
// weighted pairwise preferences against one reference; other words = MMLU-Pro tags).
// --projection-only: skip the plain leaderboard's fits of the held-out model (faster; no
// leaderboard rows or coverage checks),
// --per-model: each held-out model's rank and score errors at 10%, plan / random,
// --http: only the time of GET /api/evaluation-plan over HTTP (./lib/plan-http.ts: fresh embedded
// Postgres with MMLU-Pro, production server; --build rebuilds the web app first).
import { execSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { MMLU_PRO, SHARED_DATA, hasSharedFile, readResultsFile } from './lib/ranking-data';
import { fmtMs } from './lib/ranking-timing';
import { rank, prepareBatch } from '../lib/ranking/leaderboard';
import { filterRows, selectSamples } from '../lib/ranking/subset';
import { samplesWithData, type MeasurementBatch } from '../lib/ranking/measurements';
import { Prng, sampleWithoutReplacement } from '../lib/ranking/prng';
import { planningContext } from '../lib/planning/context';
import { measuredSamples, planRound } from '../lib/planning/round';
import { placement } from '../lib/planning/place';
import { planEvaluation } from '../lib/planning/evaluation-plan';
import { sampleFloors } from '../lib/planning/plan';
import type { MarginFloors } from '../lib/planning/cells';
import { forgetPlanningContexts } from '../lib/planning/context-cache';
import { planOverHttp } from './lib/plan-http';
import { alpacaEval } from '../lib/ingest/formats/alpaca-eval';
import { fileSource } from '../lib/ingest/source';
import { MeasurementBatchBuilder } from '../lib/ranking/batch-builder';

const log = (s = '') => console.log(s);
const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const N_MODELS = Number(arg('models', '8'));
const SEEDS = Number(arg('seeds', '5'));
const PLAN_SEEDS = Number(arg('plan-seeds', '3'));
/** all of MMLU-Pro: at least this many held-out models and plan / random draws (enough to read a 90% coverage) */
const ALL_MODELS = Number(arg('all-models', '16'));
const ALL_DRAWS = Number(arg('all-draws', '3'));

/** Held-out models, plan draws and random draws of one selection. */
interface Sizes {
  models: number;
  planSeeds: number;
  seeds: number;
}
const sizesFor = (name: string): Sizes =>
  name === 'all' ? { models: Math.max(N_MODELS, ALL_MODELS), planSeeds: Math.max(PLAN_SEEDS, ALL_DRAWS), seeds: ALL_DRAWS } : { models: N_MODELS, planSeeds: PLAN_SEEDS, seeds: SEEDS };
const HTTP = process.argv.includes('--http');
const PROJECTION_ONLY = process.argv.includes('--projection-only');
const PER_MODEL = process.argv.includes('--per-model');
const SELECTIONS = arg('selections', 'all,math,law,history,arena,alpaca,llmfao').split(',');
const FRACTIONS = [0.05, 0.1];
/** the plan's guaranteed share of each margin (default: lib/planning/plan.ts sampleFloors) */
const FLOOR_ARG = process.argv.some((a) => a.startsWith('--floor=')) ? Number(arg('floor', '')) : undefined;
const ROUND = 20;
const optional = (name: string) => (process.argv.some((a) => a.startsWith(`--${name}=`)) ? Number(arg(name, '')) : undefined);
const STRATUM_FLOOR = optional('stratum-floor');
const RISING_N_ARG = optional('rising-n');

/** The plan's floors for a selection: --floor for every sample, else sampleFloors with --stratum-floor / --rising-n. */
function floorsFor(b: MeasurementBatch): number | MarginFloors | undefined {
  if (FLOOR_ARG !== undefined || (STRATUM_FLOOR === undefined && RISING_N_ARG === undefined)) return FLOOR_ARG;
  return sampleFloors(b, { groupedStratum: STRATUM_FLOOR, risingN: RISING_N_ARG });
}
const load = () => execSync('uptime').toString().trim().replace(/.*load average/, 'load average');

interface Outcome {
  err: number;
  covered: boolean;
  width: number;
  /** score − full-selection score (projection only) */
  scoreErr: number;
  /** which plan draw (salt) or random draw (seed − 1) it came from */
  draw?: number;
  /** the held-out model (selection / name): the unit the ratios' standard errors resample */
  model?: string;
}
type Tally = Map<string, Outcome[]>;

/** The batch with `model`'s rows kept only on `keep` samples (rankings: the shared data have none with it). */
function reveal(b: MeasurementBatch, model: number, keep: Uint8Array): MeasurementBatch {
  for (let r = 0; r < b.ranking.sample.length; r++) {
    for (let q = b.ranking.offsets[r]; q < b.ranking.offsets[r + 1]; q++) {
      if (b.ranking.model[q] === model) throw new Error('bench-plan: ranking lines with the held-out model are not supported');
    }
  }
  const rows = (sample: Int32Array, other: (r: number) => boolean) => Uint8Array.from(sample, (s, r) => (other(r) || keep[s] ? 1 : 0));
  return filterRows(b, {
    score: rows(b.score.sample, (r) => b.score.model[r] !== model),
    unitTest: rows(b.unitTest.sample, (r) => b.unitTest.model[r] !== model),
    pairwise: rows(b.pairwise.sample, (r) => b.pairwise.modelA[r] !== model && b.pairwise.modelB[r] !== model),
    ranking: new Uint8Array(b.ranking.sample.length).fill(1),
  });
}

function scoresOf(b: MeasurementBatch, fit: ReturnType<typeof rank>): Float64Array {
  const byName = new Map(fit.models.map((r) => [r.model, r.score ?? NaN]));
  return Float64Array.from(b.modelNames, (n) => byName.get(n) ?? NaN);
}

/** The leaderboard's own view after the results on `keep` were uploaded. */
function engine(b: MeasurementBatch, model: number, keep: Uint8Array, truth: number): Outcome {
  const row = rank('plackett-luce', reveal(b, model, keep)).models.find((r) => r.model === b.modelNames[model])!;
  const [lo, hi] = row.rankInterval ?? [NaN, NaN];
  return { err: Math.abs(row.rank! - truth), covered: lo <= truth && truth <= hi, width: hi - lo, scoreErr: NaN };
}

/**
 * Models spread evenly over the full-data ranking. A hub (in more than half of the pairwise lines,
 * e.g. AlpacaEval's reference) is never held out: without it the others are not compared at all.
 */
function heldOut(b: MeasurementBatch, ranked: number[], models: number): number[] {
  const lines = new Int32Array(b.nModels);
  b.pairwise.modelA.forEach((m, r) => {
    lines[m]++;
    lines[b.pairwise.modelB[r]]++;
  });
  const order = ranked.filter((m) => lines[m] <= b.pairwise.sample.length / 2);
  const n = Math.min(models, order.length);
  return [...new Set(Array.from({ length: n }, (_, i) => order[Math.round((i * (order.length - 1)) / Math.max(1, n - 1))]))];
}

function selection(name: string, b: MeasurementBatch, tally: Tally, sizes: Sizes): void {
  const t0 = performance.now();
  const full = rank('plackett-luce', b);
  const truth = new Map(full.models.map((r) => [r.model, r.rank ?? NaN]));
  const order = full.models.filter((r) => r.rank !== null).map((r) => b.modelNames.indexOf(r.model));
  const local: Tally = new Map();
  let current = '';
  const add = (key: string, o: Outcome) => {
    for (const t of [local, tally]) {
      const list = t.get(key) ?? [];
      list.push({ ...o, model: current });
      t.set(key, list);
    }
  };
  for (const m of heldOut(b, order, sizes.models)) {
    current = `${name}/${b.modelNames[m]}`;
    const t = truth.get(b.modelNames[m])!;
    const pool = scoresOf(b, rank('plackett-luce', reveal(b, m, new Uint8Array(b.nSamples)), { ci: 'none' }));
    pool[m] = NaN;
    const ctx = planningContext(b, b.modelNames[m], pool);
    const floor = floorsFor(b);
    const stored = measuredSamples(b, m);
    const avail: number[] = [];
    stored.forEach((v, s) => v && avail.push(s));
    const count = (mask: Uint8Array) => mask.reduce((a, v) => a + v, 0);
    const fullScore = planRound(ctx, stored, 0, { universe: stored }).projection.score;
    const project = (measured: Uint8Array): Outcome => {
      const p = placement(planRound(ctx, measured, 0, { universe: stored }).projection, pool, count(measured));
      return { err: Math.abs(p.rank - t), covered: p.rankInterval[0] <= t && t <= p.rankInterval[1], width: p.rankInterval[1] - p.rankInterval[0], scoreErr: p.score - fullScore };
    };
    add('all samples: projection', project(stored));
    for (let salt = 0; salt < sizes.planSeeds; salt++) {
      const planned = new Uint8Array(b.nSamples);
      let n = 0;
      for (const f of FRACTIONS) {
        const budget = Math.max(1, Math.round(f * avail.length));
        while (n < budget) {
          const r = planRound(ctx, planned, Math.min(ROUND, budget - n), { allowed: stored, universe: stored, salt: salt ? String(salt) : '', floor });
          if (r.samples.length === 0) break;
          for (const p of r.samples) planned[p.sample] = 1;
          n += r.samples.length;
        }
        const pct = `${Math.round(f * 100)}%`;
        add(`${pct} plan: projection`, { ...project(planned), draw: salt });
        if (!PROJECTION_ONLY) add(`${pct} plan: leaderboard`, { ...engine(b, m, planned, t), draw: salt });
      }
    }
    for (const f of FRACTIONS) {
      const budget = Math.max(1, Math.round(f * avail.length));
      const pct = `${Math.round(f * 100)}%`;
      for (let seed = 1; seed <= sizes.seeds; seed++) {
        const keep = new Uint8Array(b.nSamples);
        for (const i of sampleWithoutReplacement(new Prng(seed * 7919 + m), avail.length, budget)) keep[avail[i]] = 1;
        add(`${pct} random: projection`, { ...project(keep), draw: seed - 1 });
        if (!PROJECTION_ONLY) add(`${pct} random: leaderboard`, { ...engine(b, m, keep, t), draw: seed - 1 });
      }
    }
  }
  log(`\n== ${name}: ${samplesWithData(b).length} samples, ${order.length} models, ${heldOut(b, order, sizes.models).length} held out, ${sizes.planSeeds} plan and ${sizes.seeds} random draws (${fmtMs(performance.now() - t0)}) ==`);
  printTable(local);
  if (PER_MODEL) {
    log(`${'held-out model (10%)'.padEnd(34)} ${'truth'.padStart(5)} ${'rank MAE plan / random'.padStart(22)} ${'score MAE plan / random'.padStart(24)}`);
    const of = (key: string, model: string) => summary((local.get(key) ?? []).filter((o) => o.model === model));
    for (const model of [...new Set((local.get('10% plan: projection') ?? []).map((o) => o.model!))]) {
      const p = of('10% plan: projection', model);
      const r = of('10% random: projection', model);
      const held = model.slice(model.indexOf('/') + 1);
      log(`${held.slice(0, 34).padEnd(34)} ${String(truth.get(held)).padStart(5)} ${`${p.mae.toFixed(2)} / ${r.mae.toFixed(2)}`.padStart(22)} ${`${p.scoreMae.toFixed(3)} / ${r.scoreMae.toFixed(3)}`.padStart(24)}`);
    }
  }
}

function summary(list: Outcome[]) {
  const mean = (f: (o: Outcome) => number) => list.reduce((a, o) => a + f(o), 0) / list.length;
  const scored = list.filter((o) => Number.isFinite(o.scoreErr));
  return {
    mae: mean((o) => o.err),
    coverage: mean((o) => (o.covered ? 1 : 0)),
    width: mean((o) => o.width),
    rmse: scored.length ? Math.sqrt(scored.reduce((a, o) => a + o.scoreErr ** 2, 0) / scored.length) : NaN,
    scoreMae: scored.length ? scored.reduce((a, o) => a + Math.abs(o.scoreErr), 0) / scored.length : NaN,
    bias: modelBias(scored),
    n: list.length,
  };
}

/** RMS over the held-out models of each model's mean score error over its draws: the part of the error a model keeps from draw to draw. */
function modelBias(list: Outcome[]): number {
  const by = new Map<string, number[]>();
  for (const o of list) by.set(o.model ?? '', [...(by.get(o.model ?? '') ?? []), o.scoreErr]);
  const means = [...by.values()].map((e) => e.reduce((a, x) => a + x, 0) / e.length);
  return means.length ? Math.sqrt(means.reduce((a, x) => a + x * x, 0) / means.length) : NaN;
}

function printTable(t: Tally): void {
  log(`${'placement'.padEnd(26)} ${'rank MAE'.padStart(8)} ${'95% cov'.padStart(8)} ${'width'.padStart(6)} ${'score RMSE'.padStart(10)} ${'score MAE'.padStart(9)} ${'bias'.padStart(6)} ${'n'.padStart(4)}`);
  for (const [key, list] of [...t].sort((a, b) => a[0].localeCompare(b[0]))) {
    const s = summary(list);
    log(`${key.padEnd(26)} ${s.mae.toFixed(2).padStart(8)} ${s.coverage.toFixed(2).padStart(8)} ${s.width.toFixed(1).padStart(6)} ${(Number.isFinite(s.rmse) ? s.rmse.toFixed(3) : '-').padStart(10)} ${(Number.isFinite(s.scoreMae) ? s.scoreMae.toFixed(3) : '-').padStart(9)} ${(Number.isFinite(s.bias) ? s.bias.toFixed(3) : '-').padStart(6)} ${String(s.n).padStart(4)}`);
  }
}

async function timing(b: MeasurementBatch): Promise<{ wall: number; cpu: number }> {
  const prepared = prepareBatch(b);
  const fit = rank('plackett-luce', b, { ci: 'none', prepared });
  const scores = new Map(fit.models.map((r) => [r.model, r.score ?? NaN]));
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const timed = (cold: boolean, runs: number, name: (i: number) => string) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i <= runs; i++) {
      if (cold) forgetPlanningContexts();
      const c = cpuMs();
      const t = performance.now();
      const plan = planEvaluation(b, { model: name(i), budget: 20, scores, prepared });
      // the first run warms the JIT (and, warm, builds the context): not counted
      if (i > 0) {
        wall.push(performance.now() - t);
        cpu.push(cpuMs() - c);
      }
      if (plan.samples.length !== 20) throw new Error('bench-plan: the timed plan did not return 20 samples');
    }
    return { wall, cpu };
  };
  const cold = timed(true, 5, () => 'a-new-model');
  const warm = timed(false, 9, (i) => `new-model-${i}`);
  const median = (x: number[]) => [...x].sort((p, q) => p - q)[x.length >> 1];
  const list = (x: number[]) => x.map((v) => v.toFixed(0)).join(', ');
  log(`\n== a plan of 20 for a new model over all ${b.nSamples} MMLU-Pro samples, in process (given the leaderboard's scores and groups) ==`);
  log(`first plan of a data version (planning context built): median ${fmtMs(median(cold.wall))} wall [${list(cold.wall)}], ${fmtMs(median(cold.cpu))} CPU [${list(cold.cpu)}]`);
  log(`later plans (context cached per batch, a new model name each time): median ${fmtMs(median(warm.wall))} wall [${list(warm.wall)}], ${fmtMs(median(warm.cpu))} CPU [${list(warm.cpu)}]`);
  return { wall: median(warm.wall), cpu: median(warm.cpu) };
}

/** Plan draw d against random draw d (each over every held-out model): the median of their rank MAE ratios, and the list. */
function pairedRatios(plan: Outcome[], random: Outcome[], sizes: Sizes): { median: number; ratios: number[] } {
  const mae = (list: Outcome[], d: number) => summary(list.filter((o) => o.draw === d)).mae;
  const draws = Math.min(sizes.planSeeds, sizes.seeds);
  const ratios = Array.from({ length: draws }, (_, d) => mae(plan, d) / mae(random, d)).sort((a, b) => a - b);
  return { median: ratios[ratios.length >> 1], ratios };
}

/**
 * Rank MAE ratio plan / random and its jackknife standard error over the held-out models
 * (leave one model out, all its draws with it): the models, not the draws, are what varies most.
 */
function ratioWithSe(plan: Outcome[], random: Outcome[]): { ratio: number; se: number; models: number } {
  const models = [...new Set(plan.map((o) => o.model!))];
  const ratio = (skip?: string) => {
    const keep = (o: Outcome) => o.model !== skip;
    return summary(plan.filter(keep)).mae / summary(random.filter(keep)).mae;
  };
  const loo = models.map(ratio);
  const mean = loo.reduce((a, x) => a + x, 0) / loo.length;
  const n = models.length;
  const se = n > 1 ? Math.sqrt(((n - 1) / n) * loo.reduce((a, x) => a + (x - mean) ** 2, 0)) : NaN;
  return { ratio: ratio(), se, models: n };
}

/**
 * Each held-out model's rank MAE ratio plan / random over its draws (a model both place exactly is
 * left out; random exact and plan not: ∞): the median and quartiles over the models.
 */
function perModelRatios(plan: Outcome[], random: Outcome[]): { median: number; q1: number; q3: number; models: number } {
  const ratios: number[] = [];
  for (const model of new Set(plan.map((o) => o.model!))) {
    const p = summary(plan.filter((o) => o.model === model)).mae;
    const r = summary(random.filter((o) => o.model === model)).mae;
    if (p === 0 && r === 0) continue;
    ratios.push(r === 0 ? Infinity : p / r);
  }
  ratios.sort((a, b) => a - b);
  const at = (f: number) => ratios[Math.min(ratios.length - 1, Math.floor(f * ratios.length))] ?? NaN;
  return { median: at(0.5), q1: at(0.25), q3: at(0.75), models: ratios.length };
}

function check(label: string, ok: boolean): void {
  log(`${ok ? 'OK  ' : 'MISS'} ${label}`);
}

const ALPACA = SHARED_DATA + 'raw/alpaca-eval-1/';

/** The AlpacaEval 1 annotation files as the upload path converts them (lib/ingest/formats/alpaca-eval.ts). */
async function alpacaBatch(): Promise<MeasurementBatch | null> {
  if (!hasSharedFile(ALPACA + 'alpaca_eval_gpt4_leaderboard.csv')) return null;
  const files = readdirSync(ALPACA)
    .filter((f) => f.endsWith('.annotations.json.gz'))
    .sort()
    .map((f) => ({ path: f, open: () => fileSource(ALPACA + f) }));
  const b = new MeasurementBatchBuilder();
  for await (const converted of alpacaEval.convert(files)) {
    for (const c of converted) {
      if (c.kind === 'record' && c.record.type === 'pairwise') b.addPairwise(c.record.sample, c.record.model_a, c.record.model_b, c.record.winner, c.record.p_a);
    }
  }
  return b.build();
}

async function load_(name: string, mmlu: MeasurementBatch): Promise<MeasurementBatch | null> {
  if (name === 'all') return mmlu;
  if (name === 'alpaca') return alpacaBatch();
  const file = name === 'arena' ? 'arena-bench-v1.jsonl.gz' : name === 'llmfao' ? 'llmfao-crowd.jsonl.gz' : null;
  if (file) return hasSharedFile(SHARED_DATA + file) ? readResultsFile(SHARED_DATA + file) : null;
  return selectSamples(mmlu, Uint8Array.from(mmlu.sampleTags!, (t) => (t[0] === name ? 1 : 0)));
}

const LABELS: Record<string, string> = { all: 'MMLU-Pro, all categories', arena: 'arena-bench-v1', alpaca: 'AlpacaEval 1 (raw annotations)', llmfao: 'llmfao-crowd' };
const label = (name: string) => LABELS[name] ?? `MMLU-Pro, tag ${name}`;

async function main(): Promise<void> {
  log(`bench:plan — ${load()}`);
  if (!hasSharedFile(MMLU_PRO)) {
    log(`skipped: ${MMLU_PRO} not found`);
    return;
  }
  if (HTTP) {
    const http = await planOverHttp(MMLU_PRO, process.argv.includes('--build'), log);
    check(`plan of 20 over MMLU-Pro over HTTP, warm: median ${fmtMs(http.warmMedian)} (≤ 500 ms)`, http.warmMedian <= 500);
    log(`\n${load()}`);
    return;
  }
  const mmlu = await readResultsFile(MMLU_PRO);
  const time = await timing(mmlu);
  const results: Array<{ name: string; tally: Tally; rounds: boolean }> = [];
  for (const name of SELECTIONS) {
    const b = await load_(name, mmlu);
    if (!b) continue;
    const tally: Tally = new Map();
    selection(label(name), b, tally, sizesFor(name));
    // a selection whose 10% is less than one round of 20 cannot show what the plan does
    results.push({ name, tally, rounds: 0.1 * samplesWithData(b).length >= ROUND });
  }

  log('\n== targets (10% of each selection; ratios of rank MAE, plan / random) ==');
  const at = (t: Tally, key: string) => summary(t.get(key) ?? []);
  for (const r of results) {
    const plan = at(r.tally, '10% plan: projection');
    const random = at(r.tally, '10% random: projection');
    const board = at(r.tally, '10% random: leaderboard');
    const paired = pairedRatios(r.tally.get('10% plan: projection') ?? [], r.tally.get('10% random: projection') ?? [], sizesFor(r.name));
    const jk = ratioWithSe(r.tally.get('10% plan: projection') ?? [], r.tally.get('10% random: projection') ?? []);
    const byModel = perModelRatios(r.tally.get('10% plan: projection') ?? [], r.tally.get('10% random: projection') ?? []);
    check(
      `${label(r.name)}: plan ${plan.mae.toFixed(2)} vs random ${random.mae.toFixed(2)} (same placement; ratio ${(plan.mae / random.mae).toFixed(2)} ± ${jk.se.toFixed(2)} s.e. over ${jk.models} held-out models, median over ${byModel.models} models ${byModel.median.toFixed(2)} (quartiles ${byModel.q1.toFixed(2)}–${byModel.q3.toFixed(2)}), median of ${paired.ratios.length} paired draws ${paired.median.toFixed(2)} [${paired.ratios.map((x) => x.toFixed(2)).join(', ')}]) and ${board.mae.toFixed(2)} (on the leaderboard; ratio ${(plan.mae / board.mae).toFixed(2)}); score RMSE ratio ${(plan.rmse / random.rmse).toFixed(2)}${r.rounds ? '' : ' [< one round: not counted below]'}`,
      plan.mae <= 0.8 * random.mae,
    );
  }
  const pooled = (key: string) => summary(results.filter((r) => r.rounds).flatMap((r) => r.tally.get(key) ?? []));
  const [plan, random, board] = ['10% plan: projection', '10% random: projection', '10% random: leaderboard'].map(pooled);
  const pooledList = (key: string) => results.filter((r) => r.rounds).flatMap((r) => r.tally.get(key) ?? []);
  const pooledJk = ratioWithSe(pooledList('10% plan: projection'), pooledList('10% random: projection'));
  check(`pooled over the selections above with ≥ one round: plan ${plan.mae.toFixed(2)} ≤ 0.8 × random ${random.mae.toFixed(2)} (ratio ${(plan.mae / random.mae).toFixed(2)} ± ${pooledJk.se.toFixed(2)} s.e. over ${pooledJk.models} held-out models; vs the leaderboard ${(plan.mae / board.mae).toFixed(2)})`, plan.mae <= 0.8 * random.mae);
  const whole = results.find((r) => r.name === 'all');
  if (whole) {
    const mae = at(whole.tally, '10% plan: projection').mae;
    check(`MMLU-Pro, all categories (31 models), 10%: plan rank MAE ${mae.toFixed(2)} ≤ 3`, mae <= 3);
  }
  const planned = results.flatMap((r) => [...r.tally].filter(([k]) => k.includes('plan: projection')).flatMap(([, v]) => v));
  const cov = summary(planned).coverage;
  check(`95% rank intervals of the planned placements cover the full-data rank ${(100 * cov).toFixed(0)}% of ${planned.length} times (≥ 90%)`, cov >= 0.9);
  for (const r of results) {
    const board = summary([...r.tally].filter(([k]) => k.includes('plan: leaderboard')).flatMap(([, v]) => v));
    check(`${label(r.name)}: the plain leaderboard's 95% rank intervals for a model run on planned samples only cover its full-data rank ${(100 * board.coverage).toFixed(0)}% of ${board.n} times (≥ 90%; rank MAE ${board.mae.toFixed(2)})`, board.coverage >= 0.9);
  }
  check(`plan of 20 over ${mmlu.nSamples} samples in process, context cached: ${fmtMs(time.wall)} wall, ${fmtMs(time.cpu)} CPU (≤ 500 ms; over HTTP: --http)`, time.wall <= 500);
  log(`\n${load()}`);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
