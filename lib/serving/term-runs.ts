// Every sample's index terms (lib/retrieval/lexical.ts docTerms) packed in shared growable columns,
// one run per sample pk, instead of three small typed arrays (and their buffers) per sample: at
// 100k samples the per-sample objects cost ~100 MB of heap in each web process, at a million ~1 GB.
// A sample whose terms are replaced gets a new run at the end; the old one is abandoned and the
// columns are compacted once abandoned entries outnumber live ones. Label lists and label keys
// (what the terms were split under: tags, task, benchmark) repeat across samples and are interned.
// Between two builds the runs are not needed (the index holds the same postings by term): the
// lexical store releases them once an index is built and restores them from that index, by row,
// when the next build has samples to split (lib/serving/lexical-store.ts). At 1M generated samples
// that is 36.6M postings, ~330 MB per web process held only while an index is being built.
import type { DocTerms } from "@/lib/retrieval/lexical";
import { f32, f64, i32, Interner, PkIndex, u8, type Column } from "./columns";

/** A column holding `data` (all of it in use), without a copy. */
function adopt<T extends Int32Array<ArrayBuffer> | Float32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>>(column: Column<T>, data: T): Column<T> {
  column.data = data;
  column.length = data.length;
  return column;
}

export class TermRuns {
  private readonly slotOf = new PkIndex();
  /** Per slot: its pk (−1 once dropped), run start and length, weighted doc length, interned codes, text stamp. */
  private readonly pk = i32();
  private readonly start = i32();
  private readonly len = i32();
  private readonly docLength = f32();
  private readonly labelList = i32();
  private readonly labelKey = i32();
  private readonly stamp = f64();
  /** The runs. */
  private ids = i32();
  private tf = f32();
  private fields = u8();
  private readonly lists: (readonly string[])[] = [];
  private readonly listCodes = new Interner();
  private readonly keys = new Interner();
  private abandoned = 0;
  private live = 0;
  /** Whether the runs (ids, tf, fields) are dropped until restore(); the per-pk fields stay. */
  private dropped = false;

  get released(): boolean {
    return this.dropped;
  }

  /**
   * Drops the runs, keeping what each pk's terms were split from (stamp, labels, length), and
   * forgets every pk not in `rowPks`: the rows of the index the runs will be restored from.
   */
  release(rowPks: Int32Array): void {
    const inIndex = new PkIndex();
    for (const pk of rowPks) inIndex.set(pk, 1);
    this.forget((pk) => inIndex.get(pk) === 1);
    this.abandoned = 0;
    this.ids = i32(0);
    this.tf = f32(0);
    this.fields = u8(0);
    this.dropped = true;
  }

  /**
   * The runs again, from an index built over them (`byRow`: LexicalIndex.byRow; `rowPks`: its
   * rows' pks). Each pk's terms come back in term-id order (the order an index does not see).
   */
  restore(byRow: { start: Int32Array; ids: Int32Array<ArrayBuffer>; tf: Float32Array<ArrayBuffer>; fields: Uint8Array<ArrayBuffer> }, rowPks: Int32Array): void {
    if (!this.dropped) return;
    const rowOf = new PkIndex();
    rowPks.forEach((pk, row) => rowOf.set(pk, row));
    for (let s = 0; s < this.pk.length; s++) {
      const pk = this.pk.data[s];
      if (pk < 0) continue;
      const row = rowOf.get(pk);
      if (row < 0) throw new Error(`TermRuns.restore: pk ${pk} is not a row of the index`);
      this.start.data[s] = byRow.start[row];
      this.len.data[s] = byRow.start[row + 1] - byRow.start[row];
    }
    this.ids = adopt(i32(0), byRow.ids);
    this.tf = adopt(f32(0), byRow.tf);
    this.fields = adopt(u8(0), byRow.fields);
    // Rows of the index that no live pk holds are abandoned entries, as replaced runs are.
    let held = 0;
    for (let s = 0; s < this.pk.length; s++) held += this.len.data[s];
    this.abandoned = byRow.ids.length - held;
    this.dropped = false;
  }

  get size(): number {
    return this.live;
  }

  /** Whether pk's terms were split from a text stamped `stamp` under these labels. */
  matches(pk: number, stamp: number, labelKey: string): boolean {
    const s = this.slotOf.get(pk);
    return s >= 0 && this.stamp.data[s] === stamp && this.labelKey.data[s] === this.keys.find(labelKey);
  }

  /** The labels key pk's terms were split under (null when pk has none). */
  labelKeyOf(pk: number): string | null {
    const s = this.slotOf.get(pk);
    return s < 0 ? null : this.keys.names[this.labelKey.data[s]];
  }

  put(pk: number, terms: DocTerms, stamp: number, labelKey: string): void {
    if (this.dropped) throw new Error("TermRuns.put: the runs are released; restore them first");
    let s = this.slotOf.get(pk);
    if (s < 0) {
      s = this.pk.length;
      for (const c of [this.pk, this.start, this.len, this.labelList, this.labelKey]) c.push(0);
      this.docLength.push(0);
      this.stamp.push(0);
      this.slotOf.set(pk, s);
      this.pk.data[s] = pk;
      this.live++;
    } else {
      this.abandoned += this.len.data[s];
    }
    const n = terms.ids.length;
    for (const c of [this.ids, this.tf, this.fields]) c.reserve(n);
    const at = this.ids.length;
    this.ids.data.set(terms.ids, at);
    this.tf.data.set(terms.tf, at);
    this.fields.data.set(terms.fields, at);
    this.ids.length = this.tf.length = this.fields.length = at + n;
    this.start.data[s] = at;
    this.len.data[s] = n;
    this.docLength.data[s] = terms.length;
    const listKey = JSON.stringify(terms.labels);
    const list = this.listCodes.code(listKey);
    if (list === this.lists.length) this.lists.push(Object.freeze([...terms.labels]));
    this.labelList.data[s] = list;
    this.labelKey.data[s] = this.keys.code(labelKey);
    this.stamp.data[s] = stamp;
    if (this.abandoned > 4096 && this.abandoned > this.ids.length - this.abandoned) this.compact();
  }

  /** pk's terms as views into the columns (valid until the next put), or null. */
  get(pk: number): DocTerms | null {
    if (this.dropped) throw new Error("TermRuns.get: the runs are released; restore them first");
    const s = this.slotOf.get(pk);
    if (s < 0) return null;
    const from = this.start.data[s];
    const to = from + this.len.data[s];
    return {
      ids: this.ids.data.subarray(from, to),
      tf: this.tf.data.subarray(from, to),
      fields: this.fields.data.subarray(from, to),
      length: this.docLength.data[s],
      labels: this.lists[this.labelList.data[s]],
    };
  }

  /** Forgets every pk not in `keep`. */
  retain(keep: ReadonlySet<number>): void {
    this.forget((pk) => keep.has(pk));
    if (!this.dropped) this.compact();
  }

  private forget(kept: (pk: number) => boolean): void {
    for (let s = 0; s < this.pk.length; s++) {
      const pk = this.pk.data[s];
      if (pk < 0 || kept(pk)) continue;
      this.slotOf.set(pk, -1);
      this.pk.data[s] = -1;
      this.abandoned += this.len.data[s];
      this.len.data[s] = 0;
      this.live--;
    }
  }

  /** Rewrites the runs of live slots contiguously, in slot order, dropping dropped slots. */
  private compact(): void {
    const total = this.ids.length - this.abandoned;
    const ids = i32(Math.max(1024, total));
    const tf = f32(Math.max(1024, total));
    const fields = u8(Math.max(1024, total));
    let to = 0;
    for (let s = 0; s < this.pk.length; s++) {
      if (this.pk.data[s] < 0) continue;
      const from = this.start.data[s];
      const n = this.len.data[s];
      ids.data.set(this.ids.data.subarray(from, from + n), ids.length);
      tf.data.set(this.tf.data.subarray(from, from + n), tf.length);
      fields.data.set(this.fields.data.subarray(from, from + n), fields.length);
      ids.length = tf.length = fields.length = ids.length + n;
      this.start.data[s] = to;
      to += n;
    }
    this.ids = ids;
    this.tf = tf;
    this.fields = fields;
    this.abandoned = 0;
  }
}
