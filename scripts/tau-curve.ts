// Tau-vs-missing-data curve on MMLU-Pro (npm run bench:tau): drop 0-99% of the measurement
// lines uniformly at random (5 seeds per level), re-rank, and compare with the full-data
// ranking by Kendall's tau-b (ONEBench, Ghosh et al. 2024, sec. 5). Columns: Plackett-Luce
// with the default prior (the portal's default), the MLE (models that fall out of the
// baseline's strongly connected component are null and left out of tau; "lost" counts them),
// and the mean score, each against its own full-data ranking.
import { MMLU_PRO, hasSharedFile, readResultsFile } from './lib/ranking-data';
import { fmtMs } from './lib/ranking-timing';
import { rank } from '../lib/ranking/leaderboard';
import type { RankMethod, RankOptions } from '../lib/ranking/leaderboard-types';
import { scoresByModel, subsampleAgreement } from '../lib/ranking/robustness';
import { DEFAULT_PRIOR } from '../lib/ranking/prior';

const LEVELS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99];
const SEEDS = [1, 2, 3, 4, 5];

if (!hasSharedFile(MMLU_PRO)) {
  console.log(`skipped: ${MMLU_PRO} not found`);
  process.exit(0);
}
const started = performance.now();
const batch = await readResultsFile(MMLU_PRO);
const variants: { label: string; method: RankMethod; options: RankOptions }[] = [
  { label: `PL prior ${DEFAULT_PRIOR}`, method: 'plackett-luce', options: { ci: 'none' } },
  { label: 'PL MLE', method: 'plackett-luce', options: { ci: 'none', prior: 0 } },
  { label: 'mean score', method: 'mean', options: { ci: 'none' } },
];
const references = variants.map((v) => scoresByModel(rank(v.method, batch, v.options), batch.modelNames));

const stats = (xs: number[]) => {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, xs.length - 1));
  return { mean, sd, min: Math.min(...xs) };
};
const pad = (s: string | number, w: number) => String(s).padStart(w);

console.log(`MMLU-Pro: ${batch.nModels} models, ${batch.nSamples} samples, ${batch.score.sample.length} measurements; ${SEEDS.length} seeds per level`);
console.log(`Kendall tau-b against the full-data ranking of the same method: mean ± sd (min)`);
console.log(
  [pad('drop %', 6), pad('kept', 7), pad('choices', 8), ...variants.map((v) => pad(v.label, 26)), pad('MLE lost', 8), pad('top-5 PL', 8)].join('  '),
);
for (const level of LEVELS) {
  const perVariant: number[][] = variants.map(() => []);
  const lost: number[] = [];
  const top5: number[] = [];
  const choices: number[] = [];
  let kept = 0;
  for (const seed of SEEDS) {
    variants.forEach((v, i) => {
      const a = subsampleAgreement(batch, { drop: level / 100, unit: 'measurements', seed, method: v.method, options: v.options, reference: references[i] });
      perVariant[i].push(a.tau);
      kept = a.keptMeasurements;
      if (i === 0) {
        top5.push(a.topK);
        choices.push(a.result.nChoices);
      }
      if (v.options.prior === 0) lost.push(a.lost);
    });
  }
  const cells = perVariant.map((xs) => {
    const s = stats(xs);
    return pad(`${s.mean.toFixed(3)} ± ${s.sd.toFixed(3)} (${s.min.toFixed(3)})`, 26);
  });
  console.log(
    [
      pad(level, 6),
      pad(kept, 7),
      pad(Math.round(stats(choices).mean), 8),
      ...cells,
      pad(stats(lost).mean.toFixed(1), 8),
      pad(stats(top5).mean.toFixed(2), 8),
    ].join('  '),
  );
}
console.log(`total ${fmtMs(performance.now() - started)}`);
