// The visible measurements in columnar arrays grouped by sample: each sample row owns one
// contiguous run [start, start + len). Replacing a sample's measurements appends a new run and
// abandons the old one; the store compacts itself when abandoned rows outnumber live ones.
// Building a leaderboard's batch is a gather over the runs of the selected samples, in pk order and
// within a sample in stored order (the order of an index scan, which order-dependent fits see).
import type { MeasurementTuple } from "@/lib/db/queries/read-model";
import type { MeasurementBatch } from "@/lib/ranking/measurements";
import { f64, i32, Interner, u8 } from "./columns";

const KINDS = ["score", "pairwise", "ranking", "unit_test"] as const;
const WINNERS = [null, "a", "b", "tie"] as const;
const [SCORE, PAIRWISE, RANKING, UNIT_TEST] = [0, 1, 2, 3];

/** A sample row's labels, one lookup each (shared values: nothing is allocated per row). */
export interface RowLabels {
  id(row: number): string;
  benchmark(row: number): string;
  /** Not to be mutated: rows with the same tags may share one array. */
  tags(row: number): string[];
}

export class MeasurementStore {
  private start = i32();
  private len = i32();
  private kind = u8();
  private key = i32();
  private a = i32();
  private b = i32();
  private value = f64();
  private higher = u8();
  private winner = u8();
  private tiers = i32();
  private tierLists: number[][][] = [];
  private readonly keys = new Interner();
  private abandoned = 0;
  /** Per sample row: the value of `changes` when its measurements were last set. */
  private changedAt = i32();
  private changes = 0;

  get rows(): number {
    return this.kind.length - this.abandoned;
  }

  /** How many times a sample's measurements were set: a stamp for `changedSince`. */
  get changeCount(): number {
    return this.changes;
  }

  /** Whether row `row`'s measurements were set after the store's changeCount was `stamp`. */
  changedSince(row: number, stamp: number): boolean {
    return row >= this.changedAt.length || this.changedAt.data[row] > stamp;
  }

  /** Sets the measurements of sample row `row` (tuples of that sample, in id order). */
  replace(row: number, tuples: readonly MeasurementTuple[]): void {
    // The same lines again (a read-model update re-reads recent samples to be safe): no change, so
    // what was gathered from this row stays valid (lib/serving/incremental-batch.ts).
    if (row < this.start.length && this.holds(row, tuples)) return;
    while (this.start.length <= row) {
      this.start.push(0);
      this.len.push(0);
      this.changedAt.push(0);
    }
    this.changedAt.data[row] = ++this.changes;
    this.abandoned += this.len.data[row];
    this.start.data[row] = this.kind.length;
    this.len.data[row] = tuples.length;
    for (const [, kind, key, modelId, modelBId, value, higherIsBetter, winner, tiers] of tuples) {
      this.kind.push(KINDS.indexOf(kind));
      this.key.push(key === null ? -1 : this.keys.code(key));
      this.a.push(modelId ?? -1);
      this.b.push(modelBId ?? -1);
      this.value.push(value ?? NaN);
      this.higher.push(higherIsBetter ? 1 : 0);
      this.winner.push(WINNERS.indexOf(winner));
      this.tiers.push(tiers ? this.tierLists.push(tiers) - 1 : -1);
    }
    if (this.abandoned > 1024 && this.abandoned > this.rows) this.compact();
  }

  /** Whether row `row` holds exactly these lines, in this order. */
  private holds(row: number, tuples: readonly MeasurementTuple[]): boolean {
    if (this.len.data[row] !== tuples.length) return false;
    let i = this.start.data[row];
    for (const [, kind, key, modelId, modelBId, value, higherIsBetter, winner, tiers] of tuples) {
      const v = value ?? NaN;
      const t = this.tiers.data[i];
      if (
        this.kind.data[i] !== KINDS.indexOf(kind) ||
        this.key.data[i] !== (key === null ? -1 : this.keys.find(key)) ||
        (key !== null && this.key.data[i] < 0) ||
        this.a.data[i] !== (modelId ?? -1) ||
        this.b.data[i] !== (modelBId ?? -1) ||
        !(this.value.data[i] === v || (Number.isNaN(v) && Number.isNaN(this.value.data[i]))) ||
        this.higher.data[i] !== (higherIsBetter ? 1 : 0) ||
        this.winner.data[i] !== WINNERS.indexOf(winner) ||
        (t < 0) !== !tiers ||
        (tiers && JSON.stringify(this.tierLists[t]) !== JSON.stringify(tiers))
      ) {
        return false;
      }
      i++;
    }
    return true;
  }

  /**
   * The batch of these sample rows' measurements, samples in the given order (`rows` are distinct:
   * gatherBatch dedupes the pks; a sample with no kept line is left out). `keep` says which
   * model ids count; `labels` name each row's sample (three lookups, no object per sample: a
   * capability query gathers ~10k samples). Mirrors lib/leaderboard/load-batch.ts row by row,
   * and MeasurementBatchBuilder call by call (same model, sample and key indices in the same order),
   * but writes the batch's typed columns directly: a gather visits every measurement of the pool.
   */
  gather(rows: readonly number[], labels: RowLabels, name: (id: number) => string, keep: (id: number) => boolean) {
    // The columns as locals: each element load then sees one typed-array type (through the
    // generic Column class it sees all of them, which V8 cannot optimise).
    const [starts, lens, kinds, keys, as, bs, values, highers, winners, tiers] = [
      this.start.data, this.len.data, this.kind.data, this.key.data, this.a.data, this.b.data,
      this.value.data, this.higher.data, this.winner.data, this.tiers.data,
    ] as [Int32Array, Int32Array, Uint8Array, Int32Array, Int32Array, Int32Array, Float64Array, Uint8Array, Uint8Array, Int32Array];
    const nRows = this.start.length;
    // Upper bounds per kind, for columns allocated once.
    const bound = new Int32Array(KINDS.length);
    for (const row of rows) {
      if (row >= nRows) continue;
      for (let i = starts[row], end = i + lens[row]; i < end; i++) bound[kinds[i]]++;
    }
    const [nScore, nPair, nRank, nUnit] = bound;
    const score = { sample: new Int32Array(nScore), model: new Int32Array(nScore), metric: new Int32Array(nScore), value: new Float64Array(nScore), higherIsBetter: new Uint8Array(nScore) };
    const unitTest = { sample: new Int32Array(nUnit), model: new Int32Array(nUnit), criterion: new Int32Array(nUnit), value: new Float64Array(nUnit) };
    const pairwise = { sample: new Int32Array(nPair), modelA: new Int32Array(nPair), modelB: new Int32Array(nPair), winner: new Uint8Array(nPair), pA: new Float64Array(nPair) };
    const ranking = { sample: new Int32Array(nRank), key: new Int32Array(nRank), offsets: new Int32Array(nRank + 1), model: [] as number[], tier: [] as number[] };
    let ns = 0;
    let nu = 0;
    let np = 0;
    let nr = 0;

    const modelNames: string[] = [];
    const byName = new Map<string, number>();
    const internName = (n: string): number => {
      let m = byName.get(n);
      if (m === undefined) byName.set(n, (m = modelNames.push(n) - 1));
      return m;
    };
    /** By model id (small serials): the batch's index + 1, -1 when it does not count, 0 not yet seen. */
    const interned: number[] = [];
    /** The batch's index of model id `id`, or -1 when it does not count. */
    const model = (id: number): number => {
      if (id < 0) return -1;
      const m = interned[id];
      if (m !== undefined && m !== 0) return m < 0 ? -1 : m - 1;
      const index = keep(id) ? internName(name(id)) : -1;
      interned[id] = index < 0 ? -1 : index + 1;
      return index;
    };
    // Group keys: store key code (+1, 0 for none) → the batch's metric / criterion / ranking-key index.
    const keyIndex = (names: string[], fallback: string) => {
      const byKey = new Map<string, number>();
      const codes = new Int32Array(this.keys.names.length + 1).fill(-1);
      return (code: number): number => {
        if (codes[code + 1] >= 0) return codes[code + 1];
        const key = code < 0 ? fallback : this.keys.names[code];
        let k = byKey.get(key);
        if (k === undefined) byKey.set(key, (k = names.push(key) - 1));
        return (codes[code + 1] = k);
      };
    };
    const metricNames: string[] = [];
    const criterionNames: string[] = [];
    const rankingKeys: string[] = [];
    const metric = keyIndex(metricNames, "score");
    const criterion = keyIndex(criterionNames, "criterion");
    const rankingKey = keyIndex(rankingKeys, "ranking");

    const sampleIds: string[] = [];
    const sampleBenchmarks: string[] = [];
    const sampleTags: string[][] = [];
    const sampleRows: number[] = [];
    for (const row of rows) {
      if (row >= nRows) continue;
      let s = -1;
      for (let i = starts[row], end = i + lens[row]; i < end; i++) {
        const kind = kinds[i];
        // Whether the line adds to the batch: its models count (a ranking needs two that do; its
        // models are interned only when the line is added, as addRanking does).
        let a = -1;
        let b = -1;
        if (kind === RANKING) {
          const t = tiers[i];
          if (t < 0 || this.tierLists[t].reduce((n, tier) => n + tier.filter(keep).length, 0) < 2) continue;
        } else {
          a = model(as[i]);
          if (a < 0) continue;
          if (kind === PAIRWISE && (b = model(bs[i])) < 0) continue;
        }
        if (s < 0) {
          // Rows are distinct samples (distinct pks, unique ids): one batch sample each, in order.
          s = sampleIds.push(labels.id(row)) - 1;
          sampleBenchmarks.push(labels.benchmark(row));
          sampleTags.push(labels.tags(row));
          sampleRows.push(row);
        }
        const value = values[i];
        if (kind === SCORE) {
          if (!Number.isFinite(value)) throw new RangeError(`score value must be finite (got ${value})`);
          score.sample[ns] = s;
          score.model[ns] = a;
          score.metric[ns] = metric(keys[i]);
          score.value[ns] = value;
          score.higherIsBetter[ns++] = highers[i];
        } else if (kind === UNIT_TEST) {
          if (!Number.isFinite(value)) throw new RangeError(`unit_test value must be finite (got ${value})`);
          unitTest.sample[nu] = s;
          unitTest.model[nu] = a;
          unitTest.criterion[nu] = criterion(keys[i]);
          unitTest.value[nu++] = value;
        } else if (kind === PAIRWISE) {
          const winner = winners[i] - 1; // WINNERS[1..3] = a, b, tie = WINNER_A, WINNER_B, WINNER_TIE
          if (winner < 0) throw new RangeError("winner must be \"a\", \"b\" or \"tie\" (got null)");
          if (!Number.isNaN(value) && !(value >= 0 && value <= 1)) throw new RangeError(`p_a must be in [0, 1] (got ${value})`);
          pairwise.sample[np] = s;
          pairwise.modelA[np] = a;
          pairwise.modelB[np] = b;
          pairwise.winner[np] = winner;
          pairwise.pA[np++] = value;
        } else {
          ranking.sample[nr] = s;
          ranking.key[nr] = rankingKey(keys[i]);
          let tier = 0;
          for (const list of this.tierLists[tiers[i]]) {
            const kept = list.filter(keep);
            if (kept.length === 0) continue;
            for (const id of kept) {
              ranking.model.push(internName(name(id)));
              ranking.tier.push(tier);
            }
            tier++;
          }
          ranking.offsets[++nr] = ranking.model.length;
        }
      }
    }
    const batch: MeasurementBatch = {
      nModels: modelNames.length,
      nSamples: sampleIds.length,
      modelNames,
      sampleIds,
      sampleBenchmarks,
      sampleTags,
      metricNames,
      criterionNames,
      rankingKeys,
      score: { sample: score.sample.subarray(0, ns), model: score.model.subarray(0, ns), metric: score.metric.subarray(0, ns), value: score.value.subarray(0, ns), higherIsBetter: score.higherIsBetter.subarray(0, ns) },
      unitTest: { sample: unitTest.sample.subarray(0, nu), model: unitTest.model.subarray(0, nu), criterion: unitTest.criterion.subarray(0, nu), value: unitTest.value.subarray(0, nu) },
      pairwise: { sample: pairwise.sample.subarray(0, np), modelA: pairwise.modelA.subarray(0, np), modelB: pairwise.modelB.subarray(0, np), winner: pairwise.winner.subarray(0, np), pA: pairwise.pA.subarray(0, np) },
      ranking: { sample: ranking.sample.subarray(0, nr), key: ranking.key.subarray(0, nr), offsets: ranking.offsets.subarray(0, nr + 1), model: Int32Array.from(ranking.model), tier: Int32Array.from(ranking.tier) },
    };
    return { batch, sampleRows };
  }

  /** Rewrites the columns with only the live runs. */
  private compact(): void {
    const old = { kind: this.kind, key: this.key, a: this.a, b: this.b, value: this.value, higher: this.higher, winner: this.winner, tiers: this.tiers, lists: this.tierLists };
    const live = this.rows;
    this.kind = u8(live);
    this.key = i32(live);
    this.a = i32(live);
    this.b = i32(live);
    this.value = f64(live);
    this.higher = u8(live);
    this.winner = u8(live);
    this.tiers = i32(live);
    this.tierLists = [];
    for (let row = 0; row < this.start.length; row++) {
      const from = this.start.data[row];
      this.start.data[row] = this.kind.length;
      for (let i = from; i < from + this.len.data[row]; i++) {
        this.kind.push(old.kind.data[i]);
        this.key.push(old.key.data[i]);
        this.a.push(old.a.data[i]);
        this.b.push(old.b.data[i]);
        this.value.push(old.value.data[i]);
        this.higher.push(old.higher.data[i]);
        this.winner.push(old.winner.data[i]);
        const t = old.tiers.data[i];
        this.tiers.push(t < 0 ? -1 : this.tierLists.push(old.lists[t]) - 1);
      }
    }
    this.abandoned = 0;
  }
}
