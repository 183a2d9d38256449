/**
 * Cells = difficulty band x discrimination tier x stratum (./traits.ts, ./calibrate.ts). Within a
 * cell the samples queue in a fixed pseudo-random order (FNV-1a + murmur3 finaliser of model
 * name, salt and sample id), and only each queue's head competes in ./plan.ts: the plan decides
 * how many samples each cell gets, never which ones, so the samples run in a cell are a fair
 * draw of it and whatever the trait model does not capture averages out instead of biasing the
 * projection. Why, measured on MMLU-Pro (8 held-out models, 10% of the samples): with questions
 * chosen one by one by the same criterion, the projection's 95% rank intervals covered the
 * full-data rank 6 times in 8 and its errors were 1.4-1.7x the stated ones (models that fail
 * easy questions unpredictably, e.g. DeepSeek-V2-Chat, looked better on the questions chosen);
 * in cells, 8 in 8 and 1.0-1.2x.
 *
 * Discrimination tiers (terciles of the calibrated β_s over the selection): a sample's Fisher
 * weight for the model's strength is β_s² P(1 − P), so where a band holds both questions that
 * sort the pool by strength and questions that are mostly luck, the plan can prefer the former
 * while still drawing fairly among them. Why, measured by bench:plan (16 held-out models, 10%,
 * 5 plan draws): with bands alone the plan was no better than random on MMLU-Pro history (381
 * samples, rank MAE ratio 1.01) and arena-bench (graded 1–10, 0.88); with three tiers 0.78 / 0.71,
 * the intervals still covering 99–100% (./README.md has every selection).
 *
 * Floors: `neediest()` is the difficulty band or stratum (a margin, not a cell) with candidates
 * left furthest (by ≥ 1 sample) below its floor (Σ of its samples' floors, ./plan.ts
 * sampleFloors) × the count so far / the selection's size, counting the samples
 * already measured; the plan then picks among that margin's cells only. On the margins because
 * a floor per cell binds less the smaller the cells (it waits for a whole sample of deficit), and
 * the tiers make every cell three times smaller: on the margins each band's and each topic's
 * share stays guaranteed however the tiers split them, which is what the plain leaderboard (it
 * weighs every measured sample alike) needs to place a model run on planned samples.
 * Tiers have no floor: over-weighting discriminative samples is what the plan is for, and since
 * each tier has its own trait deviation (./traits.ts) the criterion keeps measuring every tier
 * without one (a tier
 * floor rising with the budget, 1 − 3/√n, gave math 0.86 → 0.83 but history 0.78 → 0.89, and
 * did not keep the plain leaderboard's intervals honest on all of MMLU-Pro: ./plan.ts).
 */
import { compareIds, type PlanningContext } from './context';
import { N_BANDS, N_TIERS } from './traits';

export { N_TIERS };

/** Each sample's guaranteed share in its difficulty band's and in its stratum's floor (./plan.ts sampleFloors). */
export interface MarginFloors {
  band: Float64Array;
  stratum: Float64Array;
  /** samples whose band share rises with the count n measured: max(band[s], rising(n)) (all of one band[s] value) */
  rising?: { samples: Uint8Array; floor: (n: number) => number };
}

/**
 * `floor`: the guaranteed share, one for every sample and margin, or per sample: a margin's floor
 * is then the sum of its samples' shares.
 */
export function cellQueues(ctx: PlanningContext, candidates: number[], measured: Uint8Array, allowed: Uint8Array | undefined, salt: string, floor: number | MarginFloors) {
  const { band, stratum } = ctx.design;
  const rising = typeof floor === 'number' ? undefined : floor.rising;
  const bandFloor = typeof floor === 'number' ? () => floor : (s: number) => (rising?.samples[s] ? 0 : floor.band[s]);
  const stratumFloor = typeof floor === 'number' ? () => floor : (s: number) => floor.stratum[s];
  const { nStrata, tier } = ctx.design;
  // cell c = (band x nStrata + stratum) x N_TIERS + tier; margins: bands 0..N_BANDS-1, then strata
  const cellOf = (s: number) => (band[s] * nStrata + stratum[s]) * N_TIERS + tier[s];
  const count = N_BANDS * nStrata * N_TIERS;
  const nMargins = N_BANDS + nStrata;
  const bandOf = (c: number) => Math.floor(c / N_TIERS / nStrata);
  const stratumOf = (c: number) => N_BANDS + (Math.floor(c / N_TIERS) % nStrata);
  /** Σ floor_s over the margin's samples */
  const size = new Float64Array(nMargins);
  /** per band: Σ band[s] and the count of its rising samples */
  const risingBase = new Float64Array(N_BANDS);
  const risingCount = new Float64Array(N_BANDS);
  const have = new Float64Array(nMargins);
  const open = new Uint8Array(nMargins);
  let total = 0;
  let selection = 0;
  for (let s = 0; s < band.length; s++) {
    if (!ctx.hasPool[s] || !(measured[s] || !allowed || allowed[s])) continue;
    const c = cellOf(s);
    size[bandOf(c)] += bandFloor(s);
    size[stratumOf(c)] += stratumFloor(s);
    if (rising?.samples[s] && typeof floor !== 'number') {
      risingBase[band[s]] += floor.band[s];
      risingCount[band[s]]++;
    }
    selection++;
    if (measured[s]) {
      have[bandOf(c)]++;
      have[stratumOf(c)]++;
      total++;
    }
  }
  const queues = Array.from({ length: count }, () => [] as number[]);
  candidates.forEach((s, r) => queues[cellOf(s)].push(r));
  const key = Array.from(candidates, (s) => idHash(`${ctx.model}\u0000${salt}\u0000${ctx.batch.sampleIds?.[s] ?? s}`));
  for (const q of queues) q.sort((a, b) => key[a] - key[b] || compareIds(ctx.batch, candidates[a], candidates[b]));
  const next = new Int32Array(count);
  const where = new Int32Array(candidates.length);
  queues.forEach((q, c) => q.forEach((r) => (where[r] = c)));
  return {
    count,
    head: (c: number) => (next[c] < queues[c].length ? queues[c][next[c]] : -1),
    take: (r: number) => {
      const c = where[r];
      next[c]++;
      have[bandOf(c)]++;
      have[stratumOf(c)]++;
      total++;
    },
    /** whether cell c lies in margin g (a band or a stratum, as `neediest` numbers them) */
    inMargin: (c: number, g: number) => bandOf(c) === g || stratumOf(c) === g,
    neediest: () => {
      open.fill(0);
      for (let c = 0; c < count; c++) {
        if (next[c] >= queues[c].length) continue;
        open[bandOf(c)] = 1;
        open[stratumOf(c)] = 1;
      }
      let best = -1;
      let deficit = 1;
      for (let g = 0; g < nMargins; g++) {
        if (!open[g]) continue;
        const share = g < N_BANDS && rising ? size[g] + Math.max(risingBase[g], risingCount[g] * rising.floor(total + 1)) : size[g];
        const d = (share * (total + 1)) / selection - have[g];
        if (d >= deficit) {
          best = g;
          deficit = d;
        }
      }
      return best;
    },
  };
}

/** Tercile of β_s among the selection's samples with pool outcomes (0 = least discriminating): ./context.ts. */
export function discriminationTiers(ctx: PlanningContext): Uint8Array {
  return ctx.design.tier;
}

/** FNV-1a of the id, then a murmur3 finaliser: a fixed, well-spread order. */
function idHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
