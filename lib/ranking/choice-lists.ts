/**
 * ChoiceEvents (./choices.ts) from explicit top-1 choices `(winner, losers, weight)`, e.g. the
 * test vectors in ../shared/testvectors. Each event gets its own block holding its losers (no
 * sharing: this path is for small, hand-made or externally supplied data). A choice with no
 * losers carries no information and is skipped.
 */
import type { ChoiceEvents } from './choices';

export interface ExplicitChoice {
  winner: number;
  losers: ArrayLike<number>;
  weight?: number;
  sample?: number;
}

export function choicesFromLists(nModels: number, list: ReadonlyArray<ExplicitChoice>, nSamples = 1): ChoiceEvents {
  const kept = list.filter((x) => x.losers.length > 0 && (x.weight ?? 1) > 0);
  kept.sort((x, y) => (x.sample ?? 0) - (y.sample ?? 0));
  const nEntries = kept.reduce((s, x) => s + x.losers.length, 0);
  const blockOffsets = new Int32Array(kept.length + 1);
  const entries = new Int32Array(nEntries);
  const setStart = new Int32Array(kept.length);
  const setEnd = new Int32Array(kept.length);
  const winner = new Int32Array(kept.length);
  const set = new Int32Array(kept.length);
  const weight = new Float64Array(kept.length);
  const sample = new Int32Array(kept.length);
  const sampleOffsets = new Int32Array(nSamples + 1);
  let p = 0;
  let setEntries = 0;
  kept.forEach((x, e) => {
    setStart[e] = p;
    for (let k = 0; k < x.losers.length; k++) entries[p++] = x.losers[k];
    setEnd[e] = p;
    blockOffsets[e + 1] = p;
    winner[e] = x.winner;
    set[e] = e;
    weight[e] = x.weight ?? 1;
    sample[e] = x.sample ?? 0;
    if (sample[e] < 0 || sample[e] >= nSamples) throw new RangeError(`sample ${sample[e]} out of range`);
    sampleOffsets[sample[e] + 1]++;
    setEntries += x.losers.length + 1;
  });
  for (let k = 0; k < nSamples; k++) sampleOffsets[k + 1] += sampleOffsets[k];
  return {
    nModels,
    nSamples,
    blockOffsets,
    entries,
    setStart,
    setEnd,
    winner,
    set,
    weight,
    sample,
    sampleOffsets,
    nChoiceSetEntries: setEntries,
    duplicates: 0,
    invalidPairwise: 0,
  };
}
