// Ranking benchmark (npm run bench:ranking): fit times, iterations and memory of lib/ranking
// on all of MMLU-Pro (../shared/data/mmlu-pro.jsonl.gz), a 100-resample bootstrap on it, and a
// generated pool of 100,000 samples x 200 models with 5,000,000 mixed measurements drawn from
// a known Plackett-Luce model, and the cluster-robust analytic intervals against the bootstrap
// on MMLU-Pro, and the fit of a capability query's selection (7,000 samples, a sparse and a dense
// pool: what a live leaderboard pays per query). Times are medians of several runs after a warm-up
// run. `--only=capability` runs that part alone.
import { MMLU_PRO, hasSharedFile, readResultsFile } from './lib/ranking-data';
import { check, fmtMs, memory, timeMedian } from './lib/ranking-timing';
import { MeasurementBatchBuilder } from '../lib/ranking/batch-builder';
import { buildChoices } from '../lib/ranking/choices';
import { tieredGroups } from '../lib/ranking/groups';
import { fitPlackettLuce } from '../lib/ranking/plackett-luce';
import { breakIntoPairs } from '../lib/ranking/bradley-terry';
import { clusterRobustVariance } from '../lib/ranking/cluster-robust';
import type { LeaderboardResult, PreparedBatch } from '../lib/ranking/leaderboard-types';
import { rank, prepareBatch } from '../lib/ranking/leaderboard';
import { measurementCount, type MeasurementBatch } from '../lib/ranking/measurements';
import { kendallTauB } from '../lib/ranking/kendall';
import { simulatePlackettLuce } from '../lib/ranking/simulate';
import { DEFAULT_PRIOR } from '../lib/ranking/prior';
import { Prng } from '../lib/ranking/prng';

const log = (s = '') => console.log(s);

/** Mean CPU time (user + system, ms) of `runs` calls: robust to other processes on a busy machine. */
function cpuMs(fn: () => unknown, runs: number): number {
  const u = process.cpuUsage();
  for (let i = 0; i < runs; i++) fn();
  const d = process.cpuUsage(u);
  return (d.user + d.system) / 1000 / runs;
}

async function mmluPro(): Promise<void> {
  log('== MMLU-Pro (all of ../shared/data/mmlu-pro.jsonl.gz) ==');
  if (!hasSharedFile(MMLU_PRO)) {
    log(`skipped: ${MMLU_PRO} not found`);
    return;
  }
  const t = performance.now();
  const batch = await readResultsFile(MMLU_PRO);
  log(`read + parse: ${fmtMs(performance.now() - t)} (${batch.nSamples} samples, ${measurementCount(batch)} measurements)`);
  const build = timeMedian(() => buildChoices(batch), 5);
  const c = build.result;
  let losersOnly = 0;
  for (let e = 0; e < c.winner.length; e++) losersOnly += c.setEnd[c.set[e]] - c.setStart[c.set[e]];
  log(`choice events built in ${fmtMs(build.ms)}: ${batch.nModels} models, ${c.winner.length} choice events, ${c.nChoiceSetEntries} choice-set entries`);
  log(`  choice-set entries = Σ |{winner} ∪ losers| = ${c.nChoiceSetEntries} (Σ |losers| alone = ${losersOnly}); stored model indices: ${c.entries.length}`);
  log('  ' + check('31 models, 148,071 choice events, 1,977,500 choice-set entries', batch.nModels === 31 && c.winner.length === 148_071 && c.nChoiceSetEntries === 1_977_500));

  const baseline = batch.modelNames.indexOf('Meta-Llama-3-70B');
  const mle = timeMedian(() => fitPlackettLuce(c, { baseline, prior: 0 }), 9, 2);
  const f = mle.result;
  log(`Plackett-Luce MLE fit: median ${fmtMs(mle.ms)} over ${mle.all.length} runs [${mle.all.map((x) => x.toFixed(0)).join(', ')}] ms`);
  log(`  ${f.iterations} iterations, ${f.passes.information} information + ${f.passes.gradient} gradient passes, converged ${f.converged} (last step ${f.lastStep.toExponential(1)})`);
  log('  ' + check('MMLU-Pro MLE ≤ 100 ms (choix I-LSR: 9.4 s)', mle.ms <= 100));
  const map = timeMedian(() => fitPlackettLuce(c, { baseline, prior: DEFAULT_PRIOR }), 9, 2);
  log(`Plackett-Luce MAP (prior ${DEFAULT_PRIOR}) fit: median ${fmtMs(map.ms)}, ${map.result.iterations} iterations`);
  const prepared = prepareBatch(batch);
  for (const method of ['plackett-luce', 'bradley-terry', 'elo', 'mean', 'borda'] as const) {
    const r = timeMedian(() => rank(method, batch, { prepared, baseline }), 5);
    log(`rank('${method}') incl. graph, CI, win rates: median ${fmtMs(r.ms)}; top: ${r.result.models.slice(0, 3).map((m) => m.model).join(', ')}`);
  }
  const boot = timeMedian(() => rank('plackett-luce', batch, { prepared, baseline, ci: 'bootstrap', bootstrap: { resamples: 100, seed: 1 } }), 3, 1);
  log(`bootstrap, 100 resamples over samples (PL, prior ${DEFAULT_PRIOR}): median ${fmtMs(boot.ms)} [${boot.all.map((x) => fmtMs(x)).join(', ')}]`);
  const top = boot.result.models[0];
  log(`  e.g. ${top.model}: ${top.score!.toFixed(3)} [${top.ci!.map((x) => x.toFixed(3)).join(', ')}], rank interval ${top.rankInterval!.join('-')}`);
  log('  ' + check('bootstrap 100 resamples ≤ 5 s', boot.ms <= 5000));
  analyticVsBootstrap(batch, prepared, baseline, boot.result);
  const bootMle = timeMedian(() => rank('plackett-luce', batch, { prepared, baseline, prior: 0, ci: 'bootstrap', bootstrap: { resamples: 100, seed: 1 } }), 1, 0);
  log(`bootstrap, 100 resamples, MLE (per-resample connectivity check): ${fmtMs(bootMle.ms)}`);
  log(`memory: ${memory()}`);
}

/** Analytic / bootstrap 95% widths over the non-baseline models: median and range. */
function widthRatios(analytic: LeaderboardResult, boot: LeaderboardResult): { median: number; text: string } {
  const width = (r: LeaderboardResult, m: string) => {
    const ci = r.models.find((x) => x.model === m)?.ci;
    return ci ? ci[1] - ci[0] : NaN;
  };
  const x = boot.models
    .filter((m) => m.model !== boot.baseline)
    .map((m) => width(analytic, m.model) / width(boot, m.model))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const median = (x[(x.length - 1) >> 1] + x[x.length >> 1]) / 2;
  return { median, text: `median ${median.toFixed(2)} [${x[0].toFixed(2)}, ${x[x.length - 1].toFixed(2)}] over ${x.length} models` };
}

/** Cluster-robust (default) and model-based analytic intervals against the bootstrap over samples. */
function analyticVsBootstrap(batch: MeasurementBatch, prepared: PreparedBatch, baseline: number, boot: LeaderboardResult): void {
  const c = prepared.choices;
  const fit = fitPlackettLuce(c, { baseline, prior: DEFAULT_PRIOR });
  const sw = timeMedian(() => clusterRobustVariance(c, fit, 'plackett-luce', baseline), 9, 2);
  const btFit = fitPlackettLuce(breakIntoPairs(c).choices, { baseline, prior: DEFAULT_PRIOR });
  const swBt = timeMedian(() => clusterRobustVariance(c, btFit, 'bradley-terry', baseline), 5, 1);
  const cpu = cpuMs(() => clusterRobustVariance(c, fit, 'plackett-luce', baseline), 9);
  log(`cluster-robust (sandwich) variance, clustered by ${sw.result.clusters} samples: PL median ${fmtMs(sw.ms)} (CPU ${fmtMs(cpu)}), BT ${fmtMs(swBt.ms)}`);
  const robust = timeMedian(() => rank('plackett-luce', batch, { prepared, baseline }), 5);
  const model = timeMedian(() => rank('plackett-luce', batch, { prepared, baseline, analyticVariance: 'model-based' }), 5);
  log(`rank('plackett-luce') with analytic CI: cluster-robust (default) ${fmtMs(robust.ms)}, model-based ${fmtMs(model.ms)}`);
  const r = widthRatios(robust.result, boot);
  log(`analytic / bootstrap 95% width (PL, 100 resamples): cluster-robust ${r.text}; model-based ${widthRatios(model.result, boot).text}`);
  log('  ' + check('sandwich ≤ 20 ms on MMLU-Pro (CPU time)', cpu <= 20));
  log('  ' + check('cluster-robust / bootstrap width median within 0.8-1.25', r.median >= 0.8 && r.median <= 1.25));
}

function builderThroughput(): void {
  const rows = 5_000_000;
  const b = new MeasurementBatchBuilder();
  const models = Array.from({ length: 200 }, (_, m) => b.model(`m${m}`));
  const samples = Array.from({ length: 100_000 }, (_, s) => b.sample(`s${s}`));
  const t = performance.now();
  for (let r = 0; r < rows; r++) b.addScore(samples[r % 100_000], models[(r * 7) % 200], 'acc', r & 1);
  b.build();
  log(`builder: ${rows} addScore rows with interned indices in ${fmtMs(performance.now() - t)}`);
  const b2 = new MeasurementBatchBuilder();
  const t2 = performance.now();
  for (let r = 0; r < 1_000_000; r++) b2.addScore(`s${r % 100_000}`, `m${(r * 7) % 200}`, 'acc', r & 1);
  b2.build();
  log(`builder: 1,000,000 addScore rows by name (Map interning) in ${fmtMs(performance.now() - t2)}`);
}

function pool(): void {
  log('== Generated pool: 100,000 samples x 200 models, 5,000,000 measurements ==');
  log('per sample: a 20-model score group (half lower-is-better), a 10-model unit-test group,');
  log('15 pairwise lines (half with p_a, 5% of the rest ties), 5 rankings of 5 models (10% tied tiers)');
  let t = performance.now();
  const { batch, theta } = simulatePlackettLuce({
    nModels: 200,
    nSamples: 100_000,
    seed: 2024,
    scoreGroup: 20,
    unitTestGroup: 10,
    pairwise: 15,
    pWithP: 0.5,
    rankings: 5,
    rankingSize: 5,
  });
  log(`generated (seeded draws from a known PL model) in ${fmtMs(performance.now() - t)}: ${measurementCount(batch)} measurements`);
  builderThroughput();
  t = performance.now();
  const groups = tieredGroups(batch);
  const tGroups = performance.now() - t;
  t = performance.now();
  const c = buildChoices(batch, groups);
  log(`groups ${fmtMs(tGroups)} + choice events ${fmtMs(performance.now() - t)}: ${c.winner.length} events, ${c.nChoiceSetEntries} choice-set entries, ${c.entries.length} stored model indices`);
  log(`memory after build: ${memory()}`);
  const fit = timeMedian(() => fitPlackettLuce(c, { baseline: 0, prior: 0 }), 3, 1);
  const f = fit.result;
  log(`Plackett-Luce MLE fit: median ${fmtMs(fit.ms)} [${fit.all.map((x) => fmtMs(x)).join(', ')}]`);
  log(`  ${f.iterations} iterations, ${f.passes.information} information + ${f.passes.gradient} gradient passes, converged ${f.converged}`);
  log(`  Kendall tau vs the true strengths: ${kendallTauB(f.scores, theta).toFixed(4)}; max |error| ${Math.max(...Array.from(f.scores, (s, m) => Math.abs(s - (theta[m] - theta[0])))).toFixed(3)}`);
  const sw = timeMedian(() => clusterRobustVariance(c, f, 'plackett-luce', 0), 3, 1);
  log(`cluster-robust (sandwich) variance over ${sw.result.clusters} samples: median ${fmtMs(sw.ms)} (Plackett-Luce fit: ${fmtMs(fit.ms)})`);
  log(`memory after fit: ${memory()}`);
  log('  ' + check('5M pool fit ≤ 3 s', fit.ms <= 3000));
  log('  ' + check('memory < 1 GB (peak rss)', process.resourceUsage().maxRSS * 1024 < 2 ** 30));
}

/**
 * A capability query's fit: rank() with analytic intervals on 7,000 samples with 0/1 answers of
 * a 2PL-like pool (difficulty per sample), sparse (60 models, 10 a sample, as bench:scale's pool)
 * and dense (30 models on every sample, as MMLU-Pro); CPU per fit, mean of 40 after a warm-up.
 */
function capability(): void {
  log('== A capability query\'s selection: 7,000 samples, rank() with analytic intervals ==');
  for (const [label, nModels, perSample] of [['sparse: 60 models, 10 a sample', 60, 10], ['dense: 30 models, every sample', 30, 30]] as const) {
    const rng = new Prng(7);
    const b = new MeasurementBatchBuilder();
    for (let s = 0; s < 7000; s++) {
      b.sample(`s${s}`, `bench-${s % 40}`, [`t${s % 3}`]);
      const models = new Set<number>();
      while (models.size < perSample) models.add(perSample === nModels ? models.size : rng.int(nModels));
      const difficulty = 1.5 * rng.normal();
      for (const m of models) b.addScore(`s${s}`, `m${m}`, 'acc', rng.next() < 1 / (1 + Math.exp(difficulty - (m - nModels / 2) / 10)) ? 1 : 0);
    }
    const batch = b.build();
    rank('plackett-luce', batch);
    log(`${label}: ${measurementCount(batch)} measurements, ${cpuMs(() => rank('plackett-luce', batch), 40).toFixed(1)} ms CPU per fit`);
  }
}

if (process.argv.includes('--only=capability')) capability();
else {
  pool();
  log();
  capability();
  log();
  await mmluPro();
}
