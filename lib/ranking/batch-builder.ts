/**
 * MeasurementBatchBuilder: appends measurements to growable typed arrays (capacity doubles,
 * so n appends cost O(n) amortised) and interns model, sample and key names to dense indices.
 * Format: results-format v1 (../shared/spec/results-format.md); layout: ./measurements.ts.
 *
 * Hot loops can intern once with `model(name)` / `sample(id)` and then pass the indices,
 * which skips the Map lookups (5M rows build in a fraction of a second).
 */
import {
  WINNER_A,
  WINNER_B,
  WINNER_TIE,
  type MeasurementBatch,
  type PairwiseWinner,
} from './measurements';

type Typed = Int32Array | Float64Array | Uint8Array;

class Column<T extends Typed> {
  data: T;
  length = 0;
  constructor(private readonly make: (n: number) => T) {
    this.data = make(256);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = this.make(this.data.length * 2);
      bigger.set(this.data as ArrayLike<number>);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

const i32 = () => new Column((n) => new Int32Array(n));
const f64 = () => new Column((n) => new Float64Array(n));
const u8 = () => new Column((n) => new Uint8Array(n));

class Interner {
  readonly names: string[] = [];
  private readonly index = new Map<string, number>();
  id(name: string): number {
    let i = this.index.get(name);
    if (i === undefined) {
      i = this.names.length;
      this.names.push(name);
      this.index.set(name, i);
    }
    return i;
  }
}

export class MeasurementBatchBuilder {
  private readonly models = new Interner();
  private readonly samples = new Interner();
  private readonly metrics = new Interner();
  private readonly criteria = new Interner();
  private readonly rankingKeys = new Interner();
  private readonly benchmarks: string[] = [];
  private readonly tags: string[][] = [];
  private readonly score = { sample: i32(), model: i32(), metric: i32(), value: f64(), hib: u8() };
  private readonly unit = { sample: i32(), model: i32(), criterion: i32(), value: f64() };
  private readonly pair = { sample: i32(), a: i32(), b: i32(), winner: u8(), pA: f64() };
  private readonly rank = { sample: i32(), key: i32(), offsets: i32(), model: i32(), tier: i32() };
  private built = false;

  constructor() {
    this.rank.offsets.push(0);
  }

  /** Dense index of a model, interning it on first use. */
  model(name: string | number): number {
    return typeof name === 'number' ? this.checkIndex(name, this.models.names.length, 'model') : this.models.id(name);
  }

  /** Dense index of a sample; benchmark and tags are recorded on first sight. */
  sample(id: string | number, benchmark?: string, tags?: string[]): number {
    if (typeof id === 'number') return this.checkIndex(id, this.samples.names.length, 'sample');
    const before = this.samples.names.length;
    const s = this.samples.id(id);
    if (s === before) {
      this.benchmarks.push(benchmark ?? '');
      this.tags.push(tags ?? []);
    }
    return s;
  }

  addScore(sample: string | number, model: string | number, metric: string, value: number, higherIsBetter = true): void {
    this.checkOpen();
    if (!Number.isFinite(value)) throw new RangeError(`score value must be finite (got ${value})`);
    this.score.sample.push(this.sample(sample));
    this.score.model.push(this.model(model));
    this.score.metric.push(this.metrics.id(metric));
    this.score.value.push(value);
    this.score.hib.push(higherIsBetter ? 1 : 0);
  }

  addUnitTest(sample: string | number, model: string | number, criterion: string, value: number): void {
    this.checkOpen();
    if (!Number.isFinite(value)) throw new RangeError(`unit_test value must be finite (got ${value})`);
    this.unit.sample.push(this.sample(sample));
    this.unit.model.push(this.model(model));
    this.unit.criterion.push(this.criteria.id(criterion));
    this.unit.value.push(value);
  }

  addPairwise(
    sample: string | number,
    modelA: string | number,
    modelB: string | number,
    winner: PairwiseWinner,
    pA?: number,
  ): void {
    this.checkOpen();
    if (pA !== undefined && !(pA >= 0 && pA <= 1)) throw new RangeError(`p_a must be in [0, 1] (got ${pA})`);
    const w = winner === 'a' ? WINNER_A : winner === 'b' ? WINNER_B : winner === 'tie' ? WINNER_TIE : -1;
    if (w < 0) throw new RangeError(`winner must be "a", "b" or "tie" (got ${String(winner)})`);
    this.pair.sample.push(this.sample(sample));
    this.pair.a.push(this.model(modelA));
    this.pair.b.push(this.model(modelB));
    this.pair.winner.push(w);
    this.pair.pA.push(pA ?? NaN);
  }

  /** `tiers`: best first; models in one tier are tied. */
  addRanking(sample: string | number, tiers: ReadonlyArray<ReadonlyArray<string | number>>, key = 'ranking'): void {
    this.checkOpen();
    this.rank.sample.push(this.sample(sample));
    this.rank.key.push(this.rankingKeys.id(key));
    let t = 0;
    for (const tier of tiers) {
      if (tier.length === 0) continue;
      for (const m of tier) {
        this.rank.model.push(this.model(m));
        this.rank.tier.push(t);
      }
      t++;
    }
    this.rank.offsets.push(this.rank.model.length);
  }

  /** Finishes the batch. The returned arrays are views of the builder's buffers. */
  build(): MeasurementBatch {
    this.checkOpen();
    this.built = true;
    const { score, unit, pair, rank } = this;
    return {
      nModels: this.models.names.length,
      nSamples: this.samples.names.length,
      modelNames: this.models.names,
      sampleIds: this.samples.names,
      sampleBenchmarks: this.benchmarks,
      sampleTags: this.tags,
      metricNames: this.metrics.names,
      criterionNames: this.criteria.names,
      rankingKeys: this.rankingKeys.names,
      score: {
        sample: score.sample.view(),
        model: score.model.view(),
        metric: score.metric.view(),
        value: score.value.view(),
        higherIsBetter: score.hib.view(),
      },
      unitTest: { sample: unit.sample.view(), model: unit.model.view(), criterion: unit.criterion.view(), value: unit.value.view() },
      pairwise: { sample: pair.sample.view(), modelA: pair.a.view(), modelB: pair.b.view(), winner: pair.winner.view(), pA: pair.pA.view() },
      ranking: { sample: rank.sample.view(), key: rank.key.view(), offsets: rank.offsets.view(), model: rank.model.view(), tier: rank.tier.view() },
    };
  }

  private checkIndex(i: number, n: number, what: string): number {
    if (!Number.isInteger(i) || i < 0 || i >= n) throw new RangeError(`${what} index ${i} was not interned`);
    return i;
  }

  private checkOpen(): void {
    if (this.built) throw new Error('MeasurementBatchBuilder: build() was already called');
  }
}
