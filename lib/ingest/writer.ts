// The batched writer of one upload. Lines arrive validated and in file order; they are written in
// batches, each batch in one short transaction, every row carrying the upload's seq so that nothing
// is visible before publish (see lib/db/visibility.ts). Counting follows one rule: each line is
// compared with the state just before it — new, updated, duplicate (changes nothing) or rejected.
import { createHash } from "node:crypto";
import { isUniqueViolation, retryOnUniqueViolation, withTransaction } from "@/lib/db/client";
import { findLiveMeasurements, insertMeasurements, replaceMeasurements, type LiveMeasurement } from "@/lib/db/queries/measurement-writes";
import { countModelFacts, FACT_FIELDS, writeModelFacts, type ModelFacts } from "@/lib/db/queries/model-facts";
import { ensureModels, findModelIds } from "@/lib/db/queries/models";
import { findExistingSamples, findVisibleSamplePks, insertSamples, type SampleContent } from "@/lib/db/queries/sample-writes";
import { ownerState } from "@/lib/db/upload-status";
import type { FileSample } from "./file-context";
import { unknownSampleMessage } from "./file-context";
import { show } from "./messages";
import { isKeyed, modelNames, rowKey, sameContent, toRow, type MeasurementRow } from "./measurement-rows";
import type { MeasurementRecord, ModelRecord, SampleRecord, UploadCounts } from "./types";

/** Rows per measurement batch: ~0.2 s per transaction on the embedded database (~0.5 s on a busy machine). */
export const MEASUREMENT_BATCH = 5_000;
export const SAMPLE_BATCH = 2_000;
/** Flush earlier when the pending lines are this large (long inputs, big rankings). */
const BATCH_BYTES = 4 * 1024 * 1024;

interface PendingSample {
  line: number;
  record: SampleRecord;
  hash: string;
  entry: FileSample;
}

interface PendingMeasurement {
  line: number;
  record: MeasurementRecord;
  /** The sample's entry when it was defined earlier in this file; null: look it up in the store. */
  entry: FileSample | null;
}

export interface SampleUpdate {
  pk: number;
  record: SampleRecord;
  hash: string;
}

/** A sample whose pk was never settled because its line was rejected at flush time. */
const REJECTED_PK = -1;

export interface WriterHooks {
  counts: UploadCounts;
  reject(line: number, message: string): void;
}

export class UploadWriter {
  private samples: PendingSample[] = [];
  private measurements: PendingMeasurement[] = [];
  private pendingBytes = 0;
  private readonly modelIds = new Map<string, number>();
  private readonly storedSamples = new Map<string, number>();
  /**
   * Facts of the file's `model` lines, the last line per model; written once, after the
   * measurements. With each model: its lines' numbers and how its repeated lines were counted
   * against the earlier one (taken back if its facts turn out busy: every one of its lines is then rejected).
   */
  private readonly facts = new Map<string, { facts: ModelFacts; lines: number[]; repeats: { duplicates: number; facts_updated: number } }>();
  /** Content updates of stored samples, applied in the publish transaction. */
  readonly sampleUpdates: SampleUpdate[] = [];
  /**
   * False once the upload is bound to fail (a rejected line in all-or-nothing mode): validation goes
   * on to report every bad line, writing stops.
   */
  writing = true;
  /** Whether it stored pairwise lines without an id (events: a file with them, sent again, adds them again). */
  storedEvents = false;

  /**
   * A dry run writes nothing (dry_run=true, --dry-run): new samples and models get stand-in ids
   * below 0 and each batch is only compared with the store. Before, a dry run wrote its rows like
   * an import (invisible, removed at its end) and so held their ids and keys while it ran: a real
   * upload of the same samples at that time had those lines rejected ("being written by another
   * upload"), and a dry run of a large file held them for minutes.
   */
  private readonly dryRun: boolean;
  /** The next stand-in id of a dry run's new sample or model (below REJECTED_PK). */
  private standIn = REJECTED_PK - 1;
  /** A dry run's keyed measurements so far, by key: a digest of each one's content (what the store would hold). */
  private readonly dryRows = new Map<string, string>();

  constructor(
    private readonly seq: number,
    private readonly hooks: WriterHooks,
    options: { dryRun?: boolean } = {},
  ) {
    this.dryRun = options.dryRun ?? false;
  }

  addSample(line: number, record: SampleRecord, hash: string, entry: FileSample, bytes: number): void {
    this.samples.push({ line, record, hash, entry });
    this.pendingBytes += bytes;
  }

  addMeasurement(line: number, record: MeasurementRecord, entry: FileSample | null, bytes: number): void {
    this.measurements.push({ line, record, entry });
    this.pendingBytes += bytes;
  }

  /** A `model` line: compared with the file's earlier line for that model, like any re-sent line. */
  addModel(line: number, record: ModelRecord): void {
    const facts = modelFacts(record);
    const entry = this.facts.get(record.id) ?? { facts, lines: [], repeats: { duplicates: 0, facts_updated: 0 } };
    if (entry.lines.length > 0) {
      const kind = FACT_FIELDS.every((f) => entry.facts[f] === facts[f]) ? "duplicates" : "facts_updated";
      this.counts[kind]++;
      entry.repeats[kind]++;
    }
    entry.facts = facts;
    entry.lines.push(line);
    this.facts.set(record.id, entry);
  }

  /**
   * Writes the facts of the file's `model` lines (a few per file: one transaction). A model whose
   * live facts another unfinished upload holds has its lines rejected, as a busy measurement key.
   */
  async flushFacts(): Promise<void> {
    if (!this.writing || !this.facts.size) return;
    await this.resolveModels(new Set(this.facts.keys()));
    const rows = [...this.facts].map(([name, { facts }]) => ({ modelId: this.modelIds.get(name) as number, facts }));
    const r = this.dryRun ? await countModelFacts(rows, this.seq) : await writeModelFacts(rows, this.seq);
    this.counts.facts_new += r.created;
    this.counts.facts_updated += r.updated;
    this.counts.duplicates += r.unchanged;
    const busy = new Set(r.busy);
    for (const [name, { lines, repeats }] of this.facts) {
      if (!busy.has(this.modelIds.get(name) as number)) continue;
      this.counts.duplicates -= repeats.duplicates;
      this.counts.facts_updated -= repeats.facts_updated;
      for (const line of lines) this.hooks.reject(line, BUSY_FACTS);
    }
  }

  get full(): boolean {
    return this.samples.length >= SAMPLE_BATCH || this.measurements.length >= MEASUREMENT_BATCH || this.pendingBytes >= BATCH_BYTES;
  }

  /** Writes what is pending: samples first (measurements of this batch may name them). */
  async flush(): Promise<void> {
    this.pendingBytes = 0;
    if (this.samples.length) await this.flushSamples(this.samples.splice(0));
    if (this.measurements.length) await this.flushMeasurements(this.measurements.splice(0));
  }

  private get counts(): UploadCounts {
    return this.hooks.counts;
  }

  private async flushSamples(batch: PendingSample[]): Promise<void> {
    if (!this.writing) return;
    const existing = await findExistingSamples(batch.map((s) => s.record.id));
    const byId = new Map(existing.map((r) => [r.id, r]));
    const fresh: PendingSample[] = [];
    for (const s of batch) {
      const ex = byId.get(s.record.id);
      if (!ex) fresh.push(s);
      else if (!ex.visible) {
        s.entry.pk = REJECTED_PK;
        this.hooks.reject(s.line, `"id" ${show(s.record.id)} is being written by another upload that has not finished; send this line again later`);
      } else if (ex.content_hash === s.hash) {
        s.entry.pk = ex.pk;
        this.counts.duplicates++;
      } else {
        s.entry.pk = ex.pk;
        this.sampleUpdates.push({ pk: ex.pk, record: s.record, hash: s.hash });
        this.counts.samples_updated++;
      }
    }
    if (!fresh.length || !this.writing) return;
    if (this.dryRun) {
      for (const s of fresh) s.entry.pk = this.standIn--;
      this.counts.samples_new += fresh.length;
      return;
    }
    const inserted = await insertSamples(fresh.map((s) => sampleContent(s.record, s.hash)), this.seq);
    const pks = new Map(inserted.map((r) => [r.id, r.pk]));
    for (const s of fresh) {
      s.entry.pk = pks.get(s.record.id) ?? REJECTED_PK;
      // Inserted by another upload since the look-up above (uploads run at once).
      if (s.entry.pk === REJECTED_PK) this.hooks.reject(s.line, `"id" ${show(s.record.id)} is being written by another upload that has not finished; send this line again later`);
    }
    this.counts.samples_new += inserted.length;
  }

  /** Sample ids → pks of visible stored samples, cached for the rest of the upload. */
  private async lookupStored(ids: string[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.storedSamples.has(id));
    if (!missing.length) return;
    for (const row of await findVisibleSamplePks(missing)) this.storedSamples.set(row.id, row.pk);
  }

  private async resolveModels(names: Set<string>): Promise<void> {
    const missing = [...names].filter((n) => !this.modelIds.has(n));
    if (!missing.length) return;
    for (const row of await (this.dryRun ? findModelIds(missing) : ensureModels(missing, this.seq))) this.modelIds.set(row.name, row.id);
    for (const name of missing) if (!this.modelIds.has(name)) this.modelIds.set(name, this.standIn--);
  }

  private async flushMeasurements(batch: PendingMeasurement[]): Promise<void> {
    await this.lookupStored(batch.filter((m) => m.entry === null).map((m) => m.record.sample));
    const resolved: { m: PendingMeasurement; pk: number }[] = [];
    for (const m of batch) {
      const pk = m.entry ? m.entry.pk : this.storedSamples.get(m.record.sample);
      if (pk === undefined) this.hooks.reject(m.line, unknownSampleMessage(m.record.sample));
      else if (pk === REJECTED_PK) this.hooks.reject(m.line, `"sample" names ${show(m.record.sample)}, whose sample line ${m.entry?.line} was rejected`);
      else resolved.push({ m, pk });
    }
    if (!this.writing || !resolved.length) return;
    const names = new Set<string>();
    for (const { m } of resolved) for (const n of modelNames(m.record)) names.add(n);
    await this.resolveModels(names);
    const modelId = (name: string) => this.modelIds.get(name) as number;
    await this.store(resolved.map(({ m, pk }) => toRow(m.record, m.line, pk, modelId)));
  }

  /**
   * Stores one batch. Fast path: insert everything in one transaction; the partial unique indexes
   * on live keys reject it when any key already has a live row (ON CONFLICT DO NOTHING would cost
   * ~20% on every batch). The usual case is all new. Otherwise, after the rollback, compare with
   * the live rows: identical → duplicate; different → insert and mark the old row superseded (or
   * delete it when this upload wrote it earlier in the file).
   */
  private async store(rows: MeasurementRow[]): Promise<void> {
    const events: MeasurementRow[] = [];
    const finals = new Map<string, MeasurementRow>();
    const firsts: MeasurementRow[] = [];
    for (const row of rows) {
      if (!isKeyed(row)) {
        events.push(row);
        continue;
      }
      const k = rowKey(row);
      const prev = finals.get(k);
      if (!prev) {
        firsts.push(row);
        finals.set(k, row);
      } else if (sameContent(prev, row)) this.counts.duplicates++;
      else {
        this.counts.measurements_updated++;
        finals.set(k, row);
      }
    }
    const keyed = [...finals.values()];
    this.counts.measurements_new += events.length;
    if (this.dryRun) return this.countAgainstLive(keyed, firsts);
    if (events.length) this.storedEvents = true;
    try {
      await withTransaction((c) => insertMeasurements(c, [...keyed, ...events], this.seq));
      this.counts.measurements_new += firsts.length;
      return;
    } catch (err) {
      // A unique violation: some key already has a live row. The transaction rolled back.
      if (!isUniqueViolation(err)) throw err;
    }
    await this.storeAgainstLive(keyed, firsts, events);
  }

  /**
   * A dry run's batch, counted as storeAgainstLiveOnce counts it and written nowhere: each key
   * compared with this run's own earlier lines (dryRows, what an import would have stored by now),
   * else with the live row of a published upload; a key live in another running upload is rejected
   * as an import rejects it. Rows of stand-in samples or models have no live row to look up.
   */
  private async countAgainstLive(keyed: MeasurementRow[], firsts: MeasurementRow[]): Promise<void> {
    // A score's or unit test's key holds its model (a stand-in model has no live row); a pairwise
    // line's or ranking's key does not, so those are looked up whatever models they name.
    const byModel = (r: MeasurementRow) => r.kind === "score" || r.kind === "unit_test";
    const stored = keyed.filter((r) => r.samplePk > 0 && (!byModel(r) || (r.modelId ?? 0) > 0) && !this.dryRows.has(rowKey(r)));
    const live = new Map<string, LiveMeasurement>((stored.length ? await findLiveMeasurements(stored) : []).map((l) => [rowKey(l.row), l]));
    const busy = new Set<string>();
    for (const f of firsts) {
      const k = rowKey(f);
      const own = this.dryRows.get(k);
      const ex = live.get(k);
      const state = liveState(ex, this.seq);
      if (own !== undefined) {
        if (own === contentDigest(f)) this.counts.duplicates++;
        else this.counts.measurements_updated++;
      } else if (state === "busy") {
        busy.add(k);
        this.hooks.reject(f.line, BUSY_KEY);
      } else if (state === "usable") {
        if (sameContent(ex!.row, f)) this.counts.duplicates++;
        else this.counts.measurements_updated++;
      } else this.counts.measurements_new++;
    }
    for (const row of keyed) if (!busy.has(rowKey(row))) this.dryRows.set(rowKey(row), contentDigest(row));
  }

  /**
   * Stores a batch against the live rows of its keys. Uploads run at once (per-upload leases), so a
   * key may be live in another upload that has not finished: those lines are rejected ("send it
   * again later"), never written over. Another upload can take a key between the look-up and the
   * write (a unique violation): the batch is compared again, a few times.
   */
  private storeAgainstLive(keyed: MeasurementRow[], firsts: MeasurementRow[], events: MeasurementRow[]): Promise<void> {
    return retryOnUniqueViolation(() => this.storeAgainstLiveOnce(keyed, firsts, events));
  }

  private async storeAgainstLiveOnce(keyed: MeasurementRow[], firsts: MeasurementRow[], events: MeasurementRow[]): Promise<void> {
    const live = new Map<string, LiveMeasurement>((await findLiveMeasurements(keyed)).map((l) => [rowKey(l.row), l]));
    const busy = new Set<string>();
    const usable = (k: string) => {
      const ex = live.get(k);
      const state = liveState(ex, this.seq);
      if (state === "busy") busy.add(k);
      return state === "usable" ? ex : undefined;
    };
    const counted = { measurements_new: 0, measurements_updated: 0, duplicates: 0 };
    for (const f of firsts) {
      const ex = usable(rowKey(f));
      if (busy.has(rowKey(f))) continue;
      if (!ex) counted.measurements_new++;
      else if (sameContent(ex.row, f)) counted.duplicates++;
      else counted.measurements_updated++;
    }
    const remove: number[] = [];
    const supersede: number[] = [];
    const insert: MeasurementRow[] = [...events];
    for (const [k, row] of keyed.map((r) => [rowKey(r), r] as const)) {
      const ex = live.get(k);
      const ok = usable(k);
      if (busy.has(k)) continue;
      if (ex && !ok) remove.push(ex.id);
      if (ok && sameContent(ok.row, row)) continue;
      if (ok) (ok.uploadSeq === this.seq ? remove : supersede).push(ok.id);
      insert.push(row);
    }
    await withTransaction((c) => replaceMeasurements(c, { remove, supersede, insert }, this.seq));
    this.counts.measurements_new += counted.measurements_new;
    this.counts.measurements_updated += counted.measurements_updated;
    this.counts.duplicates += counted.duplicates;
    for (const f of firsts) {
      if (busy.has(rowKey(f))) this.hooks.reject(f.line, BUSY_KEY);
    }
  }
}

const BUSY_KEY = "this measurement's key is being written by another upload that has not finished; send this line again later";
const BUSY_FACTS = "this model's facts are being written by another upload that has not finished; send this line again later";

/** What the live row of a line's key means to upload `seq` (ownerState: usable, busy or none). */
const liveState = (ex: LiveMeasurement | undefined, seq: number) => ownerState(ex && { status: ex.ownerStatus, seq: ex.uploadSeq }, seq);

/** What sameContent compares, as one short string (outputs by their SHA-1: a dry run keeps one per key). */
function contentDigest(r: MeasurementRow): string {
  const text = (t: string | null | undefined) => (t == null ? null : t.length > 40 ? createHash("sha1").update(t).digest("base64") : t);
  const fields = [r.value, r.higherIsBetter, r.modelId, r.modelBId, r.winner, r.tiers, r.scaleMin, r.scaleMax, text(r.output), text(r.outputB)];
  return createHash("sha1").update(JSON.stringify(fields)).digest("base64");
}

/** A model line as stored: absent fields become nulls. */
function modelFacts(r: ModelRecord): ModelFacts {
  return {
    display_name: r.display_name ?? null,
    organization: r.organization ?? null,
    parameters_b: r.parameters_b ?? null,
    open_weights: r.open_weights ?? null,
    license: r.license ?? null,
    released: r.released ?? null,
    family: r.family ?? null,
    url: r.url ?? null,
  };
}

/** A sample line as stored: absent optional fields become nulls and empty lists. */
export function sampleContent(r: SampleRecord, hash: string, pk?: number): SampleContent {
  return {
    pk,
    id: r.id,
    benchmark: r.benchmark,
    input: r.input,
    reference: r.reference ?? null,
    task: r.task ?? null,
    tags: r.tags ?? [],
    metadata: r.metadata ?? {},
    image_url: r.image_url ?? null,
    image_sha256: r.image_sha256 ?? null,
    content_hash: hash,
  };
}
