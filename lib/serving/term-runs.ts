// Every sample's index terms (lib/retrieval/lexical.ts docTerms) packed in shared growable columns,
// one run per sample pk, instead of three small typed arrays (and their buffers) per sample: at
// 100k samples the per-sample objects cost ~100 MB of heap in each web process, at a million ~1 GB.
// A sample whose terms are replaced gets a new run at the end; the old one is abandoned and the
// columns are compacted once abandoned entries outnumber live ones. Label lists and label keys
// (what the terms were split under: tags, task, benchmark) repeat across samples and are interned.
import type { DocTerms } from "@/lib/retrieval/lexical";
import { f32, f64, i32, Interner, PkIndex, u8 } from "./columns";

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
    for (let s = 0; s < this.pk.length; s++) {
      const pk = this.pk.data[s];
      if (pk < 0 || keep.has(pk)) continue;
      this.slotOf.set(pk, -1);
      this.pk.data[s] = -1;
      this.abandoned += this.len.data[s];
      this.len.data[s] = 0;
      this.live--;
    }
    this.compact();
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
