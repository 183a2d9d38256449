/**
 * Per-sample scores (gradient contributions) of the Plackett-Luce and Bradley-Terry
 * log-likelihoods at a fitted θ, for the sandwich variance (./cluster-robust.ts):
 *
 *   Plackett-Luce   g_s = Σ_{e ∈ s} w_e [1_{i_e} − p_e],  p_e = γ 1_{C_e} / D_e  (./pl-objective.ts)
 *   Bradley-Terry   g_s = Σ_{e ∈ s} w_e Σ_{j ∈ L_e} σ(θ_j − θ_{i_e}) [1_{i_e} − 1_j]
 *                   (the pairs of ./bradley-terry.ts, before they are pooled over samples)
 *
 * Events are sorted by sample (./choices.ts), so sample s is one contiguous range of events.
 * Models with γ = 0 (not fitted) are left out, as in the fit. Plackett-Luce costs
 * O(events + entries) in all: every loser set is a suffix of its block, so each event adds
 * a = w/D at its set's start and one forward scan per block the sample touched hands each
 * loser m its −γ_m Σ a. Bradley-Terry costs O(Σ_e |L_e|).
 */
import { scratchPool } from './scratch';
import type { ChoiceEvents } from './choices';

/**
 * Adds sample s's score g_s into `g` (length n); returns how many models it wrote, each listed
 * once in `touched` when given (0: the sample has no counted event). The Gram pass of
 * ./cluster-robust.ts then visits those models, not all n: at 100k samples x 73 models the scan
 * of every model per sample was a third of the sandwich's time.
 */
export type SampleScore = (s: number, g: Float64Array, touched?: Int32Array) => number;

/** Working arrays of plSampleScores, by the entries (and events) of the choice events. */
export interface SampleScoreScratch {
  suf: Float64Array;
  posA: Float64Array;
  firstStart: Int32Array;
  blockStamp: Int32Array;
  blockEnds: Int32Array;
}

const pool = scratchPool(1 << 18);

/**
 * plSampleScores's arrays for `c`, views of buffers shared by the process (0.2-0.6 MB arrays
 * per capability query otherwise; a whole pool's get their own). Only for a caller that is done
 * with the previous scorer before it asks for the next one (clusterMeat: one scorer, run to the
 * end synchronously): two live scorers on one scratch would share posA and the block stamps.
 */
export function sampleScoreScratch(c: ChoiceEvents): SampleScoreScratch {
  const m = c.entries.length + 1;
  return { suf: pool.f64(0, m), posA: pool.f64(1, m), firstStart: pool.i32(0, m), blockStamp: pool.i32(1, m), blockEnds: pool.i32(2, c.winner.length) };
}

/**
 * Plackett-Luce; `gamma` = e^(θ − max θ), 0 for models not fitted. With `scratch`
 * (sampleScoreScratch) the scorer works in it: it must not outlive the next use of the scratch.
 */
export function plSampleScores(c: ChoiceEvents, gamma: Float64Array, scratch?: SampleScoreScratch): SampleScore {
  const { entries, blockOffsets, setStart, setEnd, winner, set, weight, sampleOffsets } = c;
  const suf = scratch ? scratch.suf : new Float64Array(entries.length);
  for (let b = 0; b < blockOffsets.length - 1; b++) {
    let sAcc = 0;
    for (let p = blockOffsets[b + 1] - 1; p >= blockOffsets[b]; p--) suf[p] = sAcc += gamma[entries[p]];
  }
  // posA is zero between samples (each scan clears what its sample added), so only a fresh
  // scorer on a reused scratch needs it cleared.
  const posA = scratch ? scratch.posA.fill(0) : new Float64Array(entries.length);
  // A block is named by its end (blocks are disjoint, non-empty ranges of `entries`).
  const firstStart = scratch ? scratch.firstStart : new Int32Array(entries.length + 1);
  const blockStamp = (scratch ? scratch.blockStamp : new Int32Array(entries.length + 1)).fill(-1);
  const blockEnds = scratch ? scratch.blockEnds : new Int32Array(winner.length);
  // Which models this call wrote: stamp[m] === call (one stamp array for all calls).
  const stamp = new Int32Array(c.nModels);
  let call = 0;
  return (s, g, touched) => {
    const id = ++call;
    let k = 0;
    let nBlocks = 0;
    let counted = false;
    for (let e = sampleOffsets[s]; e < sampleOffsets[s + 1]; e++) {
      const w = weight[e];
      const i = winner[e];
      if (!(w > 0) || gamma[i] === 0) continue;
      counted = true;
      const st = setStart[set[e]];
      const end = setEnd[set[e]];
      const a = w / (gamma[i] + suf[st]);
      g[i] += w - a * gamma[i];
      if (stamp[i] !== id) {
        stamp[i] = id;
        if (touched) touched[k] = i;
        k++;
      }
      posA[st] += a;
      if (blockStamp[end] !== s) {
        blockStamp[end] = s;
        firstStart[end] = st;
        blockEnds[nBlocks++] = end;
      } else if (st < firstStart[end]) firstStart[end] = st;
    }
    for (let b = 0; b < nBlocks; b++) {
      const end = blockEnds[b];
      let cumA = 0;
      for (let p = firstStart[end]; p < end; p++) {
        cumA += posA[p];
        posA[p] = 0;
        const m = entries[p];
        g[m] -= gamma[m] * cumA;
        if (stamp[m] !== id) {
          stamp[m] = id;
          if (touched) touched[k] = m;
          k++;
        }
      }
    }
    return counted ? k : 0;
  };
}

/** Bradley-Terry: every (i_e, j ∈ L_e) pair adds q = w γ_j/(γ_i + γ_j) to g_i and −q to g_j. */
export function btSampleScores(c: ChoiceEvents, gamma: Float64Array): SampleScore {
  const { entries, setStart, setEnd, winner, set, weight, sampleOffsets } = c;
  const stamp = new Int32Array(c.nModels);
  let call = 0;
  return (s, g, touched) => {
    const id = ++call;
    let k = 0;
    let counted = false;
    for (let e = sampleOffsets[s]; e < sampleOffsets[s + 1]; e++) {
      const w = weight[e];
      const i = winner[e];
      const gi = gamma[i];
      if (!(w > 0) || gi === 0) continue;
      counted = true;
      let win = 0;
      for (let p = setStart[set[e]], end = setEnd[set[e]]; p < end; p++) {
        const j = entries[p];
        const gj = gamma[j];
        if (gj === 0) continue;
        const q = (w * gj) / (gi + gj);
        win += q;
        g[j] -= q;
        if (stamp[j] !== id) {
          stamp[j] = id;
          if (touched) touched[k] = j;
          k++;
        }
      }
      g[i] += win;
      if (stamp[i] !== id) {
        stamp[i] = id;
        if (touched) touched[k] = i;
        k++;
      }
    }
    return counted ? k : 0;
  };
}
