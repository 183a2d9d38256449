/**
 * Weighted top-1 choice events from measurements (results-format v1, "From measurements to
 * sample-level rankings"; Plackett 1975, Luce 1959):
 *   - in a tiered group, every model of tier t wins a choice over L_t = all models in tiers > t
 *     (weight 1; no event for the last tier, whose L is empty);
 *   - a pairwise line gives (a, {b}) with weight p_a and (b, {a}) with weight 1 - p_a; without
 *     p_a a win counts 1/0 and a tie 1/2 each. Weight-0 events are dropped.
 *
 * Loser sets are stored once and never expanded into winner x loser pairs. All winners of one
 * tier share L_t, and the L_t of one group are nested suffixes of the group's best-first model
 * list, so one "block" (that list) stores every loser set of the group:
 *
 *   loser set s = entries[setStart[s] .. setEnd[s])      (setEnd[s] = end of its block)
 *
 * Blocks 0..nModels-1 are the singletons {m}: the loser sets of pairwise events (and of
 * Bradley-Terry pairs). Storage is O(measurements), and a per-block suffix sum gives every
 * set's strength sum in O(block size). Events are sorted by sample (stable), so the events of
 * sample k are [sampleOffsets[k], sampleOffsets[k+1]) and a bootstrap resample is just a
 * weight per sample.
 */
import { scratchPool } from './scratch';
import { WINNER_A, WINNER_B, type MeasurementBatch } from './measurements';
import { tieredGroups, type TieredGroups } from './groups';

export interface ChoiceEvents {
  nModels: number;
  nSamples: number;
  /** length nBlocks + 1, into `entries` */
  blockOffsets: Int32Array;
  /** model indices; a group's block is its models best-first */
  entries: Int32Array;
  setStart: Int32Array;
  setEnd: Int32Array;
  winner: Int32Array;
  /** loser set of each event */
  set: Int32Array;
  weight: Float64Array;
  sample: Int32Array;
  /** length nSamples + 1; events are sorted by sample */
  sampleOffsets: Int32Array;
  /** sum over events of |{winner} ∪ losers| */
  nChoiceSetEntries: number;
  /** replaced score/unit-test rows and ranking lines, plus pairwise lines with a = b */
  duplicates: number;
  invalidPairwise: number;
}

/** buildChoices's unsorted event columns (nothing in them outlives the call); a whole pool's get their own. */
const eventScratch = scratchPool(1 << 18);

export function buildChoices(b: MeasurementBatch, groups: TieredGroups = tieredGroups(b)): ChoiceEvents {
  const n = b.nModels;
  const nGroups = groups.sample.length;
  const nPair = b.pairwise.sample.length;
  // Exact sizes, counted first: a group of T tiers gives T − 1 loser sets and one event per model
  // above its last tier (a one-tier group, none); a pairwise line up to 2 events. (Sizing by the
  // rows allocated megabytes per query that the collector then had to reclaim.)
  let groupEvents = 0;
  let groupSets = 0;
  let blockEntries = 0;
  for (let g = 0; g < nGroups; g++) {
    const lo = groups.offsets[g];
    const hi = groups.offsets[g + 1];
    const last = groups.tier[hi - 1];
    if (hi - lo < 2 || last === 0) continue;
    let lastStart = hi - 1;
    while (lastStart > lo && groups.tier[lastStart - 1] === last) lastStart--;
    groupEvents += lastStart - lo;
    groupSets += last;
    blockEntries += hi - lo;
  }
  const maxEvents = groupEvents + 2 * nPair;
  const blockOffsets = new Int32Array(n + nGroups + 1);
  const entries = new Int32Array(n + blockEntries);
  const setStart = new Int32Array(n + groupSets);
  const setEnd = new Int32Array(setStart.length);
  // Pairwise lines and rankings come after the groups, so their events are most likely sorted
  // by sample below into new arrays: then the events are gathered in per-process scratch (four
  // event-sized arrays fewer per query; copied out if they turn out sorted after all).
  const pooled = nPair > 0 || b.ranking.sample.length > 0;
  const winner = pooled ? eventScratch.i32(0, maxEvents) : new Int32Array(maxEvents);
  const set = pooled ? eventScratch.i32(1, maxEvents) : new Int32Array(maxEvents);
  const weight = pooled ? eventScratch.f64(0, maxEvents) : new Float64Array(maxEvents);
  const sample = pooled ? eventScratch.i32(2, maxEvents) : new Int32Array(maxEvents);
  let nb = 0;
  let ne = 0;
  let ns = 0;
  let nev = 0;
  let setEntries = 0;
  for (let m = 0; m < n; m++) {
    entries[ne] = m;
    setStart[ns] = ne;
    setEnd[ns++] = ne + 1;
    blockOffsets[++nb] = ++ne;
  }

  for (let g = 0; g < nGroups; g++) {
    const lo = groups.offsets[g];
    const hi = groups.offsets[g + 1];
    if (hi - lo < 2 || groups.tier[hi - 1] === 0) continue; // one tier: no strictly lower set
    const base = ne;
    for (let q = lo; q < hi; q++) entries[ne++] = groups.model[q];
    blockOffsets[++nb] = ne;
    // Tier t's loser set is the suffix that starts where tier t+1 starts.
    for (let tierStart = lo; tierStart < hi; ) {
      let tierEnd = tierStart + 1;
      while (tierEnd < hi && groups.tier[tierEnd] === groups.tier[tierStart]) tierEnd++;
      if (tierEnd === hi) break;
      const s = ns++;
      setStart[s] = base + (tierEnd - lo);
      setEnd[s] = ne;
      const size = hi - tierEnd;
      for (let q = tierStart; q < tierEnd; q++) {
        winner[nev] = groups.model[q];
        set[nev] = s;
        weight[nev] = 1;
        sample[nev++] = groups.sample[g];
        setEntries += size + 1;
      }
      tierStart = tierEnd;
    }
  }

  let invalidPairwise = 0;
  const { pairwise } = b;
  for (let r = 0; r < nPair; r++) {
    const a = pairwise.modelA[r];
    const bb = pairwise.modelB[r];
    if (a === bb) {
      invalidPairwise++;
      continue;
    }
    const p = pairwise.pA[r];
    const wa = p === p ? p : pairwise.winner[r] === WINNER_A ? 1 : pairwise.winner[r] === WINNER_B ? 0 : 0.5;
    if (wa > 0) {
      winner[nev] = a;
      set[nev] = bb;
      weight[nev] = wa;
      sample[nev++] = pairwise.sample[r];
      setEntries += 2;
    }
    if (wa < 1) {
      winner[nev] = bb;
      set[nev] = a;
      weight[nev] = 1 - wa;
      sample[nev++] = pairwise.sample[r];
      setEntries += 2;
    }
  }

  // Stable counting sort of events by sample — unless they already are (groups come sample by
  // sample, so a pool without pairwise or ranking lines needs none): then the columns are kept
  // as they are, and a query allocates four event-sized arrays fewer.
  const sampleOffsets = new Int32Array(b.nSamples + 1);
  let sorted = true;
  for (let e = 0; e < nev; e++) {
    sampleOffsets[sample[e] + 1]++;
    if (e > 0 && sample[e] < sample[e - 1]) sorted = false;
  }
  for (let k = 0; k < b.nSamples; k++) sampleOffsets[k + 1] += sampleOffsets[k];
  let sw = winner.subarray(0, nev);
  let ss = set.subarray(0, nev);
  let sWeight = weight.subarray(0, nev);
  let sSample = sample.subarray(0, nev);
  if (sorted && pooled) {
    sw = sw.slice();
    ss = ss.slice();
    sWeight = sWeight.slice();
    sSample = sSample.slice();
  } else if (!sorted) {
    const cursor = sampleOffsets.slice(0, b.nSamples);
    sw = new Int32Array(nev);
    ss = new Int32Array(nev);
    sWeight = new Float64Array(nev);
    sSample = new Int32Array(nev);
    for (let e = 0; e < nev; e++) {
      const at = cursor[sample[e]]++;
      sw[at] = winner[e];
      ss[at] = set[e];
      sWeight[at] = weight[e];
      sSample[at] = sample[e];
    }
  }

  return {
    nModels: n,
    nSamples: b.nSamples,
    // views, not copies: the unused tails are small beside what a copy of a pool's columns costs
    blockOffsets: blockOffsets.subarray(0, nb + 1),
    entries: entries.subarray(0, ne),
    setStart: setStart.subarray(0, ns),
    setEnd: setEnd.subarray(0, ns),
    winner: sw,
    set: ss,
    weight: sWeight,
    sample: sSample,
    sampleOffsets,
    nChoiceSetEntries: setEntries,
    duplicates: groups.duplicates,
    invalidPairwise,
  };
}

/** The loser set of event e as model indices (for tests and views; allocates). */
export function losersOf(c: ChoiceEvents, e: number): number[] {
  const s = c.set[e];
  return Array.from(c.entries.subarray(c.setStart[s], c.setEnd[s]));
}

/** Per-event weights scaled by a per-sample multiplicity (bootstrap, subsampling). */
export function eventWeightsForSamples(c: ChoiceEvents, sampleWeight: ArrayLike<number>, out?: Float64Array): Float64Array {
  const w = out ?? new Float64Array(c.weight.length);
  for (let k = 0; k < c.nSamples; k++) {
    const m = sampleWeight[k];
    for (let e = c.sampleOffsets[k]; e < c.sampleOffsets[k + 1]; e++) w[e] = c.weight[e] * m;
  }
  return w;
}
