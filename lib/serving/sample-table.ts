// The visible samples' filter columns, interned: benchmark and task codes, tag and `metadata->>key`
// codes per sample. Filters become a bitmask over sample rows (OR within one key, AND across keys,
// as lib/db/queries/embeddings-search.ts filters in SQL).
import type { SampleTuple } from "@/lib/db/queries/read-model";
import type { SampleFilters } from "@/lib/db/queries/embeddings-search";
import { i32, Interner, PkIndex } from "./columns";

const NONE = new Int32Array(0);

export class SampleTable {
  readonly pk = i32();
  readonly benchmark = i32();
  readonly task = i32();
  /** 1 for a sample with an image (stored or to fetch from image_url). */
  readonly hasImage = i32();
  readonly ids: string[] = [];
  readonly tagNames: string[][] = [];
  readonly tags: Int32Array[] = [];
  readonly meta: Int32Array[] = [];
  readonly rowOf = new PkIndex();
  readonly benchmarks = new Interner();
  readonly tasks = new Interner();
  readonly tagCodes = new Interner();
  readonly metaCodes = new Interner();

  /** Per row: the value of `changes` when it was last upserted. */
  private readonly changedAt = i32();
  private changes = 0;

  get size(): number {
    return this.pk.length;
  }

  /** How many upserts there were: a stamp for `changedSince`. */
  get changeCount(): number {
    return this.changes;
  }

  /** Whether row `row` was upserted after changeCount was `stamp`. */
  changedSince(row: number, stamp: number): boolean {
    return row >= this.changedAt.length || this.changedAt.data[row] > stamp;
  }

  /** Adds a sample or replaces its columns; returns its row. */
  upsert([pk, id, benchmark, task, tags, metaKeys, metaValues, hasImage]: SampleTuple): number {
    let row = this.rowOf.get(pk);
    if (row < 0) {
      row = this.pk.length;
      this.pk.push(pk);
      this.benchmark.push(0);
      this.task.push(0);
      this.hasImage.push(0);
      this.rowOf.set(pk, row);
      this.changedAt.push(0);
    }
    this.changedAt.data[row] = ++this.changes;
    this.benchmark.data[row] = this.benchmarks.code(benchmark);
    this.task.data[row] = task === null ? -1 : this.tasks.code(task);
    this.hasImage.data[row] = hasImage ? 1 : 0;
    this.ids[row] = id;
    this.tagNames[row] = tags;
    this.tags[row] = tags.length ? Int32Array.from(tags, (t) => this.tagCodes.code(t)) : NONE;
    const meta = (metaKeys ?? []).map((k, i) => this.metaCodes.code(metaCode(k, metaValues![i])));
    this.meta[row] = meta.length ? Int32Array.from(meta) : NONE;
    return row;
  }

  /** 1 for the rows of samples passing the filters. */
  mask(f: SampleFilters): Uint8Array {
    const n = this.size;
    const out = new Uint8Array(n).fill(1);
    const codes = (interner: Interner, names: readonly string[]) => new Set(names.map((x) => interner.find(x)));
    if (f.benchmark.length) keepWhere(out, codes(this.benchmarks, f.benchmark), (r) => this.benchmark.data[r]);
    if (f.task.length) keepWhere(out, codes(this.tasks, f.task), (r) => this.task.data[r]);
    if (f.tag.length) keepAny(out, codes(this.tagCodes, f.tag), this.tags);
    if (f.modality) {
      const want = f.modality === "image" ? 1 : 0;
      for (let r = 0; r < n; r++) if (this.hasImage.data[r] !== want) out[r] = 0;
    }
    for (const m of f.meta) keepAny(out, new Set(m.values.map((v) => this.metaCodes.find(metaCode(m.key, v)))), this.meta);
    return out;
  }
}

const metaCode = (key: string, value: string) => JSON.stringify([key, value]);

function keepWhere(mask: Uint8Array, allowed: Set<number>, code: (row: number) => number): void {
  allowed.delete(-1);
  for (let r = 0; r < mask.length; r++) if (mask[r] && !allowed.has(code(r))) mask[r] = 0;
}

function keepAny(mask: Uint8Array, allowed: Set<number>, lists: Int32Array[]): void {
  allowed.delete(-1);
  for (let r = 0; r < mask.length; r++) {
    if (!mask[r]) continue;
    const list = lists[r];
    let hit = 0;
    for (let j = 0; j < list.length && !hit; j++) if (allowed.has(list[j])) hit = 1;
    mask[r] = hit;
  }
}
