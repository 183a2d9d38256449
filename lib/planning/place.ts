/**
 * Where a thin model stands: its projected full-selection score t* ± z √Var
 * (./projection.ts) read against the pool's scores,
 *
 *   rank = 1 + #{j : θ_j > t*},   rank interval = [1 + #{j : θ_j > hi}, 1 + #{j : θ_j > lo}]
 *
 * a 95% prediction interval for the place the model will hold once it has been run on every
 * sample of the selection (the pool's own data are already complete, so only the model's
 * unseen outcomes and unknown traits are uncertain). Scores are on the leaderboard's scale
 * (log-strength relative to its baseline).
 */
import { Z95 } from '../ranking/intervals';
import type { Projection } from './projection';

export interface Placement {
  score: number;
  ci: [number, number];
  rank: number;
  rankInterval: [number, number];
  /** samples of the selection the model has been measured on */
  nSamples: number;
  /** models on the leaderboard with it */
  nRanked: number;
}

export function placement(proj: Projection, poolScores: Float64Array, nSamples: number): Placement {
  const lo = proj.score - Z95 * proj.sd;
  const hi = proj.score + Z95 * proj.sd;
  let above = 0;
  let aboveHi = 0;
  let aboveLo = 0;
  let n = 1;
  for (const x of poolScores) {
    if (!Number.isFinite(x)) continue;
    n++;
    if (x > proj.score) above++;
    if (x > hi) aboveHi++;
    if (x > lo) aboveLo++;
  }
  return { score: proj.score, ci: [lo, hi], rank: 1 + above, rankInterval: [1 + aboveHi, 1 + aboveLo], nSamples, nRanked: n };
}
