// The visible measurements in columnar arrays grouped by sample: each sample row owns one
// contiguous run [start, start + len). Replacing a sample's measurements appends a new run and
// abandons the old one; the store compacts itself when abandoned rows outnumber live ones.
// Building a leaderboard's batch is a gather over the runs of the selected samples, in pk order and
// within a sample in stored order (the order of an index scan, which order-dependent fits see).
import type { MeasurementTuple } from "@/lib/db/queries/read-model";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { f64, i32, Interner, u8 } from "./columns";

const KINDS = ["score", "pairwise", "ranking", "unit_test"] as const;
const WINNERS = [null, "a", "b", "tie"] as const;

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

  get rows(): number {
    return this.kind.length - this.abandoned;
  }

  /** Sets the measurements of sample row `row` (tuples of that sample, in id order). */
  replace(row: number, tuples: readonly MeasurementTuple[]): void {
    while (this.start.length <= row) {
      this.start.push(0);
      this.len.push(0);
    }
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

  /**
   * The batch of these sample rows' measurements, samples in the given order. `keep` says which
   * model ids count; labels name each row's sample. Mirrors lib/leaderboard/load-batch.ts row by row.
   * Each model id is named, checked and interned once (a gather visits every measurement of the pool).
   */
  gather(rows: readonly number[], label: (row: number) => { id: string; benchmark: string; tags: string[] }, name: (id: number) => string, keep: (id: number) => boolean) {
    const builder = new MeasurementBatchBuilder();
    const sampleRows: number[] = [];
    const interned = new Map<number, number>();
    /** The builder's index of model id `id`, or -1 when it does not count. */
    const model = (id: number): number => {
      let m = interned.get(id);
      if (m === undefined) interned.set(id, (m = id >= 0 && keep(id) ? builder.model(name(id)) : -1));
      return m;
    };
    for (const row of rows) {
      if (row >= this.start.length) continue;
      let s = -1;
      const from = this.start.data[row];
      for (let i = from; i < from + this.len.data[row]; i++) {
        if (!this.adds(i, model, keep)) continue;
        if (s < 0) {
          const l = label(row);
          s = builder.sample(l.id, l.benchmark, l.tags);
          sampleRows.push(row);
        }
        this.add(builder, i, s, model, name, keep);
      }
    }
    return { batch: builder.build(), sampleRows };
  }

  /**
   * Whether line i adds to a batch: its models count (a ranking needs two that do). A ranking's
   * models are only checked here, not interned: addRanking interns them when the line is added.
   */
  private adds(i: number, model: (id: number) => number, keep: (id: number) => boolean): boolean {
    const kind = KINDS[this.kind.data[i]];
    if (kind === "ranking") {
      const t = this.tiers.data[i];
      return t >= 0 && this.tierLists[t].reduce((n, tier) => n + tier.filter(keep).length, 0) >= 2;
    }
    if (model(this.a.data[i]) < 0) return false;
    return kind !== "pairwise" || model(this.b.data[i]) >= 0;
  }

  private add(b: MeasurementBatchBuilder, i: number, s: number, model: (id: number) => number, name: (id: number) => string, keep: (id: number) => boolean): void {
    const kind = KINDS[this.kind.data[i]];
    const keyCode = this.key.data[i];
    const key = keyCode < 0 ? null : this.keys.names[keyCode];
    const value = this.value.data[i];
    if (kind === "score") {
      b.addScore(s, model(this.a.data[i]), key ?? "score", value, this.higher.data[i] === 1);
    } else if (kind === "unit_test") {
      b.addUnitTest(s, model(this.a.data[i]), key ?? "criterion", value);
    } else if (kind === "pairwise") {
      b.addPairwise(s, model(this.a.data[i]), model(this.b.data[i]), WINNERS[this.winner.data[i]]!, Number.isNaN(value) ? undefined : value);
    } else {
      const tiers = this.tierLists[this.tiers.data[i]].map((tier) => tier.filter(keep).map(name)).filter((t) => t.length > 0);
      b.addRanking(s, tiers, key ?? "ranking");
    }
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
