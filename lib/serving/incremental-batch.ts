// The batch of a selection of every model's measurements and its tiered groups (lib/ranking/groups.ts),
// carried over from one data version to the next; its choice events (choices.ts) are built from
// the groups when a fit reads them, not kept (preparedOf below). After an
// upload, the whole pool's leaderboard, every model page's pool fits and compare all start from
// this computation; gathering the pool's measurements, grouping them into tiers and building the
// choice events cost ~0.2 s at 100k samples, although an upload touches a few samples.
//
// Both are concatenations of per-sample pieces, in sample order: a sample's lines of each kind and
// its groups (ordered by key). So the next version's are
// the previous version's pieces for the samples the read model did not touch since (copied, with
// model and key indices renumbered and offsets moved), and for the touched and new samples the
// pieces that gather and tieredGroups themselves make from those samples alone. The
// result is the cold computation's, array for array: models and keys are numbered in the order a
// cold gather meets them (first line of each, in sample order), which the previous version's
// first appearances and the touched samples' give without a pass over the pool. Where they cannot
// (a model or key whose first sample was touched and lost it; a renumbering that would reorder old
// models, which would reorder ties inside untouched groups), with ranking lines (their groups come
// after all the others) unless none of the selection's lines was touched (then the batch is the
// previous one, the same object), after a full reload of the read model, or when much of the
// selection was touched, it computes cold. Tested against the cold computation in
// ./incremental-batch.test.ts.
import { buildChoices, type ChoiceEvents } from "@/lib/ranking/choices";
import { tieredGroups, type TieredGroups } from "@/lib/ranking/groups";
import type { PreparedBatch } from "@/lib/ranking/leaderboard-types";
import type { MeasurementBatch } from "@/lib/ranking/measurements";
import { gatherRows, rowsByPk } from "./gather";
import type { ReadModel } from "./read-model";

/** Past this share of the selection touched, a cold computation is as cheap. */
const MAX_TOUCHED_SHARE = 0.25;

export interface PreparedGather {
  batch: MeasurementBatch;
  /** Sample index in the batch → sample primary key. */
  samplePks: number[];
  prepared: PreparedBatch;
  /** true when carried over from the previous computation, false when computed cold */
  carried: boolean;
}

interface State {
  model: ReadModel;
  /** the read model's change counters when this was gathered */
  sampleStamp: number;
  measureStamp: number;
  batch: MeasurementBatch;
  sampleRows: Int32Array;
  groups: TieredGroups;
  /** per model / metric / criterion index: the first batch sample with a line of it */
  first: Firsts;
}

interface Firsts {
  model: Int32Array;
  metric: Int32Array;
  criterion: Int32Array;
}

/** Selections carried over besides pinned ones (the whole pool's): each holds its batch and groups. */
const KEPT = 3;

const g = globalThis as unknown as { __portalIncrementalBatch?: Map<string, State>; __portalIncrementalPinned?: Set<string> };
const states = (g.__portalIncrementalBatch ??= new Map());
const pinned = (g.__portalIncrementalPinned ??= new Set());

/** Forgets the carried computations (tests empty the database under the process). */
export function forgetIncrementalBatch(): void {
  states.clear();
  pinned.clear();
}

/**
 * The batch of every model's measurements on the samples `pks` (as gatherBatch without a model
 * filter), with its groups and choice events: carried over from the last call with the same
 * `selection` (a name for what `pks` were selected by, e.g. the query without its version) when it can be.
 * A `pin`ned selection (the whole pool's, which every publish asks for) is not evicted by others.
 */
export function gatherPrepared(model: ReadModel, pks: readonly number[], selection: string, pin = false): PreparedGather {
  const rows = rowsByPk(pks, (pk) => model.samples.rowOf.get(pk));
  const prev = states.get(selection);
  const patched = prev && prev.model === model ? patch(prev, model, rows) : null;
  const next = patched ?? cold(model, rows);
  states.delete(selection);
  states.set(selection, next);
  if (pin) pinned.add(selection);
  for (const key of states.keys()) {
    if (states.size <= KEPT + pinned.size) break;
    if (!pinned.has(key)) states.delete(key);
  }
  const pk = model.samples.pk.data;
  return {
    batch: next.batch,
    samplePks: Array.from(next.sampleRows, (row) => pk[row]),
    prepared: preparedOf(next.batch, next.groups),
    carried: patched !== null,
  };
}

function cold(model: ReadModel, rows: readonly number[]): State {
  const sampleStamp = model.samples.changeCount;
  const measureStamp = model.measurements.changeCount;
  const { batch, sampleRows } = gatherRows(model, rows);
  const groups = tieredGroups(batch);
  return { model, sampleStamp, measureStamp, batch, sampleRows: Int32Array.from(sampleRows), groups, first: firsts(batch) };
}

/**
 * The groups carried, the choice events built from them when a fit reads them (each time: they are
 * not kept; a fit of an unchanged batch is remembered and does not read them). Built from the
 * groups they are the cold computation's; kept, they were ~140 MB of the whole pool's ~520 MB per
 * web process at 1M samples, for a build that costs a fraction of the fit that reads them.
 */
function preparedOf(batch: MeasurementBatch, groups: TieredGroups): PreparedBatch {
  return {
    groups,
    get choices(): ChoiceEvents {
      return buildChoices(batch, groups);
    },
  };
}

/** The first sample of each model, metric and criterion (columns are in sample order within a kind). */
function firsts(b: MeasurementBatch): Firsts {
  const model = new Int32Array(b.nModels).fill(-1);
  const metric = new Int32Array(b.metricNames.length).fill(-1);
  const criterion = new Int32Array(b.criterionNames.length).fill(-1);
  const see = (first: Int32Array, index: Int32Array, sample: Int32Array) => {
    for (let r = 0; r < index.length; r++) {
      const i = index[r];
      if (first[i] < 0 || sample[r] < first[i]) first[i] = sample[r];
    }
  };
  see(model, b.score.model, b.score.sample);
  see(model, b.unitTest.model, b.unitTest.sample);
  see(model, b.pairwise.modelA, b.pairwise.sample);
  see(model, b.pairwise.modelB, b.pairwise.sample);
  for (let r = 0; r < b.ranking.sample.length; r++) {
    for (let q = b.ranking.offsets[r]; q < b.ranking.offsets[r + 1]; q++) {
      const m = b.ranking.model[q];
      if (model[m] < 0 || b.ranking.sample[r] < model[m]) model[m] = b.ranking.sample[r];
    }
  }
  see(metric, b.score.metric, b.score.sample);
  see(criterion, b.unitTest.criterion, b.unitTest.sample);
  return { model, metric, criterion };
}

/** Per sample, where its rows start in a column sorted by sample (length nSamples + 1). */
function offsetsBySample(sample: Int32Array, nSamples: number): Int32Array {
  const out = new Int32Array(nSamples + 1);
  for (let r = 0; r < sample.length; r++) out[sample[r] + 1]++;
  for (let s = 0; s < nSamples; s++) out[s + 1] += out[s];
  return out;
}

interface Order {
  names: string[];
  /** old index → new */
  fromPrev: Int32Array;
  fromMini: Int32Array;
  /** per new index, its first sample in the new batch */
  first: Int32Array;
}

/**
 * The numbering a cold gather would give names (models, metrics or criteria) that appear first in
 * the order of the new samples, each sample's in its order of lines: a name first seen in a kept
 * (untouched) sample keeps its previous place among the names first seen there, one first seen in a
 * touched sample takes the place the touched samples' own gather gave it. Null when a name's first
 * sample cannot be told (its previous first sample was touched or dropped, and no touched sample
 * at or before it has the name), or when old names would change their order.
 */
function merge(
  prevNames: readonly string[],
  prevFirst: Int32Array,
  miniNames: readonly string[],
  miniFirst: Int32Array,
  at: { prevOrd: Int32Array; miniOrd: Int32Array; prevPk: ArrayLike<number>; miniPk: ArrayLike<number> },
): Order | null {
  const miniIndex = new Map(miniNames.map((name, j) => [name, j]));
  const names: string[] = [];
  const keys: number[] = [];
  const source: number[] = [];
  const TIE = 2 ** 21;
  if (prevNames.length >= TIE || miniNames.length >= TIE) return null;
  for (let i = 0; i < prevNames.length; i++) {
    const pf = prevFirst[i];
    const kept = pf >= 0 ? at.prevOrd[pf] : -1;
    const j = miniIndex.get(prevNames[i]);
    const fresh = j === undefined ? -1 : at.miniOrd[miniFirst[j]];
    let key: number;
    if (kept >= 0 && (fresh < 0 || kept < fresh)) key = kept * TIE + i;
    else if (fresh >= 0 && (kept >= 0 || (pf >= 0 && at.miniPk[miniFirst[j!]] <= at.prevPk[pf]))) key = fresh * TIE + j!;
    else return null;
    names.push(prevNames[i]);
    keys.push(key);
    source.push(i);
  }
  for (let j = 0; j < miniNames.length; j++) {
    if (prevNames.includes(miniNames[j])) continue;
    names.push(miniNames[j]);
    keys.push(at.miniOrd[miniFirst[j]] * TIE + j);
    source.push(-1 - j);
  }
  const order = keys.map((_, k) => k).sort((a, b) => keys[a] - keys[b]);
  const fromPrev = new Int32Array(prevNames.length).fill(-1);
  const fromMini = new Int32Array(miniNames.length).fill(-1);
  const first = new Int32Array(order.length);
  order.forEach((k, index) => {
    first[index] = Math.floor(keys[k] / TIE);
    if (source[k] >= 0) fromPrev[source[k]] = index;
  });
  for (let i = 1; i < fromPrev.length; i++) if (fromPrev[i] <= fromPrev[i - 1]) return null;
  const byName = new Map(order.map((k, index) => [names[k], index]));
  miniNames.forEach((name, j) => (fromMini[j] = byName.get(name)!));
  return { names: order.map((k) => names[k]), fromPrev, fromMini, first };
}

/**
 * The new batch's samples as runs of consecutive source samples: the previous batch's (prev) or
 * the touched samples' (mini). Within a run every offset moves by one amount, so columns are copied
 * run by run (most of a pool is one or a few runs).
 */
interface Run {
  prev: boolean;
  /** first source sample, first new sample, samples */
  k: number;
  s: number;
  n: number;
}

function runsOf(order: Int32Array): Run[] {
  const runs: Run[] = [];
  for (let s = 0; s < order.length; s++) {
    const p = order[s];
    const prev = p >= 0;
    const k = prev ? p : -1 - p;
    const last = runs[runs.length - 1];
    if (last && last.prev === prev && last.k + last.n === k) last.n++;
    else runs.push({ prev, k, s, n: 1 });
  }
  return runs;
}

/** out[o..] = src[a..b) + shift. */
function shifted(out: Int32Array, o: number, src: Int32Array, a: number, b: number, shift: number): void {
  for (let r = a; r < b; r++) out[o++] = src[r] + shift;
}

/** out[o..] = map[src[a..b)]. */
function mapped(out: Int32Array, o: number, src: Int32Array, a: number, b: number, map: Int32Array): void {
  for (let r = a; r < b; r++) out[o++] = map[src[r]];
}

/**
 * A line column of the new batch (or of its groups, entries, events): per run, the source's rows
 * [off[k], off[k + n]) copied, renumbered through `map` (previous rows only: the touched samples'
 * are numbered as the new batch already) or, for sample columns, moved to the run's samples.
 */
function stitch<T extends Int32Array | Float64Array | Uint8Array>(
  runs: Run[],
  prevOff: Int32Array,
  miniOff: Int32Array,
  prev: T,
  mini: T,
  how: { map?: Int32Array; sample?: true } = {},
): T {
  let total = 0;
  for (const r of runs) total += r.prev ? prevOff[r.k + r.n] - prevOff[r.k] : miniOff[r.k + r.n] - miniOff[r.k];
  const out = new (prev.constructor as new (n: number) => T)(total);
  let o = 0;
  for (const r of runs) {
    const [off, src] = r.prev ? [prevOff, prev] : [miniOff, mini];
    const a = off[r.k];
    const b = off[r.k + r.n];
    if (how.sample) shifted(out as Int32Array, o, src as Int32Array, a, b, r.s - r.k);
    else if (how.map && r.prev) mapped(out as Int32Array, o, src as Int32Array, a, b, how.map);
    else out.set(src.subarray(a, b) as never, o);
    o += b - a;
  }
  return out;
}

function patch(prev: State, model: ReadModel, rows: number[]): State | null {
  const { samples, measurements } = model;
  const pb = prev.batch;
  if (pb.nSamples === 0) return null;
  const sampleStamp = samples.changeCount;
  const measureStamp = measurements.changeCount;

  // Which rows are gathered afresh: touched since, or not in the previous batch.
  const prevOf = new Int32Array(samples.size).fill(-1);
  for (let p = 0; p < prev.sampleRows.length; p++) prevOf[prev.sampleRows[p]] = p;
  const fresh: number[] = [];
  const isFresh = new Uint8Array(samples.size);
  for (const row of rows) {
    if (prevOf[row] < 0 || samples.changedSince(row, prev.sampleStamp) || measurements.changedSince(row, prev.measureStamp)) {
      fresh.push(row);
      isFresh[row] = 1;
    }
  }
  if (fresh.length > MAX_TOUCHED_SHARE * rows.length) return null;
  const mini = gatherRows(model, fresh);
  const mb = mini.batch;

  // The new batch's samples in order: a previous sample index (≥ 0) or −1 − a touched sample's.
  const seq = new Int32Array(rows.length);
  const prevOrd = new Int32Array(pb.nSamples).fill(-1);
  const miniOrd = new Int32Array(mb.nSamples).fill(-1);
  let ns = 0;
  let f = 0;
  for (const row of rows) {
    if (!isFresh[row]) {
      prevOrd[prevOf[row]] = ns;
      seq[ns++] = prevOf[row];
    } else if (f < mini.sampleRows.length && mini.sampleRows[f] === row) {
      miniOrd[f] = ns;
      seq[ns++] = -1 - f++;
    }
  }
  const order = seq.subarray(0, ns);
  // No selected sample's lines touched (the fresh ones have none), none left out: the same
  // computation, ranking lines or not.
  if (mb.nSamples === 0 && ns === pb.nSamples) return { ...prev, sampleStamp, measureStamp };
  if (pb.ranking.sample.length > 0 || mb.ranking.sample.length > 0) return null;

  const pk = samples.pk.data;
  const mf = firsts(mb);
  const at = { prevOrd, miniOrd, prevPk: Array.from(prev.sampleRows, (row) => pk[row]), miniPk: mini.sampleRows.map((row) => pk[row]) };
  const models = merge(pb.modelNames, prev.first.model, mb.modelNames, mf.model, at);
  const metrics = models && merge(pb.metricNames, prev.first.metric, mb.metricNames, mf.metric, at);
  const criteria = metrics && merge(pb.criterionNames, prev.first.criterion, mb.criterionNames, mf.criterion, at);
  if (!models || !metrics || !criteria) return null;
  const n = models.names.length;

  // The touched samples' batch numbered as the new batch; its groups and choice events, as cold.
  const mg: MeasurementBatch = {
    ...mb,
    nModels: n,
    modelNames: models.names,
    metricNames: metrics.names,
    criterionNames: criteria.names,
    score: { ...mb.score, model: mb.score.model.map((m) => models.fromMini[m]), metric: mb.score.metric.map((k) => metrics.fromMini[k]) },
    unitTest: { ...mb.unitTest, model: mb.unitTest.model.map((m) => models.fromMini[m]), criterion: mb.unitTest.criterion.map((k) => criteria.fromMini[k]) },
    pairwise: { ...mb.pairwise, modelA: mb.pairwise.modelA.map((m) => models.fromMini[m]), modelB: mb.pairwise.modelB.map((m) => models.fromMini[m]) },
  };
  const miniGroups = tieredGroups(mg);

  const runs = runsOf(order);

  // Lines.
  const prevScore = offsetsBySample(pb.score.sample, pb.nSamples);
  const prevUnit = offsetsBySample(pb.unitTest.sample, pb.nSamples);
  const prevPair = offsetsBySample(pb.pairwise.sample, pb.nSamples);
  const miniScore = offsetsBySample(mg.score.sample, mg.nSamples);
  const miniUnit = offsetsBySample(mg.unitTest.sample, mg.nSamples);
  const miniPair = offsetsBySample(mg.pairwise.sample, mg.nSamples);
  const fromPrev = models.fromPrev;
  const label = <T>(prevCol: T[] | undefined, miniCol: T[] | undefined) => (prevCol && miniCol ? Array.from(order, (p) => (p >= 0 ? prevCol[p] : miniCol[-1 - p])) : undefined);
  const batch: MeasurementBatch = {
    nModels: n,
    nSamples: ns,
    modelNames: models.names,
    sampleIds: label(pb.sampleIds, mg.sampleIds),
    sampleBenchmarks: label(pb.sampleBenchmarks, mg.sampleBenchmarks),
    sampleTags: label(pb.sampleTags, mg.sampleTags),
    metricNames: metrics.names,
    criterionNames: criteria.names,
    rankingKeys: pb.rankingKeys,
    score: {
      sample: stitch(runs, prevScore, miniScore, pb.score.sample, mg.score.sample, { sample: true }),
      model: stitch(runs, prevScore, miniScore, pb.score.model, mg.score.model, { map: fromPrev }),
      metric: stitch(runs, prevScore, miniScore, pb.score.metric, mg.score.metric, { map: metrics.fromPrev }),
      value: stitch(runs, prevScore, miniScore, pb.score.value, mg.score.value),
      higherIsBetter: stitch(runs, prevScore, miniScore, pb.score.higherIsBetter, mg.score.higherIsBetter),
    },
    unitTest: {
      sample: stitch(runs, prevUnit, miniUnit, pb.unitTest.sample, mg.unitTest.sample, { sample: true }),
      model: stitch(runs, prevUnit, miniUnit, pb.unitTest.model, mg.unitTest.model, { map: fromPrev }),
      criterion: stitch(runs, prevUnit, miniUnit, pb.unitTest.criterion, mg.unitTest.criterion, { map: criteria.fromPrev }),
      value: stitch(runs, prevUnit, miniUnit, pb.unitTest.value, mg.unitTest.value),
    },
    pairwise: {
      sample: stitch(runs, prevPair, miniPair, pb.pairwise.sample, mg.pairwise.sample, { sample: true }),
      modelA: stitch(runs, prevPair, miniPair, pb.pairwise.modelA, mg.pairwise.modelA, { map: fromPrev }),
      modelB: stitch(runs, prevPair, miniPair, pb.pairwise.modelB, mg.pairwise.modelB, { map: fromPrev }),
      winner: stitch(runs, prevPair, miniPair, pb.pairwise.winner, mg.pairwise.winner),
      pA: stitch(runs, prevPair, miniPair, pb.pairwise.pA, mg.pairwise.pA),
    },
    ranking: pb.ranking,
  };

  // Groups: per sample, its groups in key order; the entries of each.
  const pg = prev.groups;
  const mgr = miniGroups;
  const prevGroupOff = offsetsBySample(pg.sample, pb.nSamples);
  const miniGroupOff = offsetsBySample(mgr.sample, mg.nSamples);
  // Group keys index metrics (kind 0) or criteria (kind 1): renumbered through one map of both
  // (a previous criterion key k is looked up at nMetricsPrev + k, which holds its new criterion index).
  const nMetricsPrev = pb.metricNames.length;
  const keyMap = Int32Array.from([...metrics.fromPrev, ...criteria.fromPrev]);
  const prevKeys = pg.key.map((k, q) => (pg.kind[q] === 0 ? k : k + nMetricsPrev));
  const keys = stitch(runs, prevGroupOff, miniGroupOff, prevKeys, mgr.key, { map: keyMap });
  const kinds = stitch(runs, prevGroupOff, miniGroupOff, pg.kind, mgr.kind);
  const prevEntryOff = Int32Array.from(prevGroupOff, (q) => pg.offsets[q]);
  const miniEntryOff = Int32Array.from(miniGroupOff, (q) => mgr.offsets[q]);
  const groupOffsets = new Int32Array(keys.length + 1);
  {
    let q = 0;
    for (const r of runs) {
      const [gOff, eOff, offsets] = r.prev ? [prevGroupOff, prevEntryOff, pg.offsets] : [miniGroupOff, miniEntryOff, mgr.offsets];
      const shift = groupOffsets[q] - eOff[r.k];
      shifted(groupOffsets, q + 1, offsets, gOff[r.k] + 1, gOff[r.k + r.n] + 1, shift);
      q += gOff[r.k + r.n] - gOff[r.k];
    }
  }
  // Duplicates (a model's replaced line in a group) of the previous samples left out or touched.
  let droppedDuplicates = 0;
  for (let p = 0; p < pb.nSamples; p++) {
    if (prevOrd[p] >= 0) continue;
    const lines = prevScore[p + 1] - prevScore[p] + prevUnit[p + 1] - prevUnit[p];
    droppedDuplicates += lines - (prevEntryOff[p + 1] - prevEntryOff[p]);
  }
  const groups: TieredGroups = {
    sample: stitch(runs, prevGroupOff, miniGroupOff, pg.sample, mgr.sample, { sample: true }),
    kind: kinds,
    key: keys,
    offsets: groupOffsets,
    model: stitch(runs, prevEntryOff, miniEntryOff, pg.model, mgr.model, { map: fromPrev }),
    tier: stitch(runs, prevEntryOff, miniEntryOff, pg.tier, mgr.tier),
    value: stitch(runs, prevEntryOff, miniEntryOff, pg.value, mgr.value),
    duplicates: pg.duplicates - droppedDuplicates + mgr.duplicates,
  };

  const sampleRows = Int32Array.from(order, (p) => (p >= 0 ? prev.sampleRows[p] : mini.sampleRows[-1 - p]));
  return { model, sampleStamp, measureStamp, batch, sampleRows, groups, first: { model: models.first, metric: metrics.first, criterion: criteria.first } };
}
