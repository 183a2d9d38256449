// The visible samples' filter columns, interned: benchmark and task codes, a tag list and
// `metadata->>key` codes per sample. Filters become a bitmask over sample rows (OR within one key, AND across keys,
// as lib/db/queries/embeddings-search.ts filters in SQL).
import type { SampleTuple } from "@/lib/db/queries/read-model";
import type { SampleFilters } from "@/lib/db/queries/embeddings-search";
import { i32, Interner, ListColumn, PkIndex } from "./columns";

export class SampleTable {
  readonly pk = i32();
  readonly benchmark = i32();
  readonly task = i32();
  /** 1 for a sample with an image (stored or to fetch from image_url). */
  readonly hasImage = i32();
  readonly ids: string[] = [];
  /** Per row: the index in tagLists of its tags, in the sample's order (rows with the same tags share one list). */
  private readonly tagList = i32();
  /** The distinct tag lists, frozen: what tagNames hands out without allocating. */
  private readonly tagLists: string[][] = [];
  private readonly tagListIndex = new Map<string, number>();
  /** Per row: its metadata key/value pairs' codes (metaCodes). */
  readonly meta = new ListColumn();
  readonly rowOf = new PkIndex();
  readonly benchmarks = new Interner();
  readonly tasks = new Interner();
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

  /** Adds a sample or replaces its columns (a change only when one differs); returns its row. */
  upsert([pk, id, benchmark, task, tags, metaKeys, metaValues, hasImage]: SampleTuple): number {
    let row = this.rowOf.get(pk);
    const added = row < 0;
    if (added) {
      row = this.pk.length;
      this.pk.push(pk);
      this.benchmark.push(0);
      this.task.push(0);
      this.hasImage.push(0);
      this.tagList.push(0);
      this.rowOf.set(pk, row);
      this.changedAt.push(0);
    }
    const benchmarkCode = this.benchmarks.code(benchmark);
    const taskCode = task === null ? -1 : this.tasks.code(task);
    const image = hasImage ? 1 : 0;
    const tagList = this.internTagList(tags);
    const metaCodes = (metaKeys ?? []).map((k, i) => this.metaCodes.code(metaCode(k, metaValues![i])));
    // The same sample again (a read-model update re-reads recent samples to be safe): no change, so
    // what was gathered from this row stays valid (lib/serving/incremental-batch.ts).
    const same =
      !added &&
      this.ids[row] === id &&
      this.benchmark.data[row] === benchmarkCode &&
      this.task.data[row] === taskCode &&
      this.hasImage.data[row] === image &&
      this.tagList.data[row] === tagList &&
      this.meta.equals(row, metaCodes);
    if (same) return row;
    this.changedAt.data[row] = ++this.changes;
    this.benchmark.data[row] = benchmarkCode;
    this.task.data[row] = taskCode;
    this.hasImage.data[row] = image;
    this.ids[row] = id;
    this.tagList.data[row] = tagList;
    this.meta.set(row, metaCodes);
    return row;
  }

  /**
   * Row `row`'s tags, as they were upserted: one frozen array shared by every row with the same
   * tags (a capability query gathers ~10k samples' tags; an array each was a quarter of the web
   * process's allocations under load).
   */
  tagNames(row: number): string[] {
    return this.tagLists[this.tagList.data[row]];
  }

  /** Row `row`'s tag list number: rows with equal tags (same order) have the same one. */
  tagListOf(row: number): number {
    return this.tagList.data[row];
  }

  private internTagList(tags: readonly string[]): number {
    const key = JSON.stringify(tags);
    let i = this.tagListIndex.get(key);
    if (i === undefined) {
      i = this.tagLists.push(Object.freeze([...tags]) as string[]) - 1;
      this.tagListIndex.set(key, i);
    }
    return i;
  }

  /** The filter values no sample of the pool carries (a misspelt benchmark), by field. */
  unknownValues(f: Pick<SampleFilters, "benchmark" | "task" | "tag">): { field: "benchmark" | "task" | "tag"; value: string }[] {
    const out: { field: "benchmark" | "task" | "tag"; value: string }[] = [];
    for (const value of f.benchmark) if (this.benchmarks.find(value) < 0) out.push({ field: "benchmark", value });
    for (const value of f.task) if (this.tasks.find(value) < 0) out.push({ field: "task", value });
    for (const value of f.tag) if (!this.tagLists.some((list) => list.includes(value))) out.push({ field: "tag", value });
    return out;
  }

  /** 1 for the rows of samples passing the filters. */
  mask(f: SampleFilters): Uint8Array {
    const n = this.size;
    const out = new Uint8Array(n).fill(1);
    const codes = (interner: Interner, names: readonly string[]) => new Set(names.map((x) => interner.find(x)));
    if (f.benchmark.length) keepWhere(out, codes(this.benchmarks, f.benchmark), (r) => this.benchmark.data[r]);
    if (f.task.length) keepWhere(out, codes(this.tasks, f.task), (r) => this.task.data[r]);
    if (f.tag.length) {
      // The tag lists holding a wanted tag, then the rows with one of those lists.
      const wanted = new Set(f.tag);
      const lists = new Set<number>();
      this.tagLists.forEach((list, i) => list.some((t) => wanted.has(t)) && lists.add(i));
      keepWhere(out, lists, (r) => this.tagList.data[r]);
    }
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

function keepAny(mask: Uint8Array, allowed: Set<number>, lists: ListColumn): void {
  allowed.delete(-1);
  for (let r = 0; r < mask.length; r++) if (mask[r] && !lists.hasAny(r, allowed)) mask[r] = 0;
}
