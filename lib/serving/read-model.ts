// The serving read model: per web process, the visible samples' filter columns, their measurements
// in columnar arrays and each searched (space, model)'s vectors, so that a capability query is a
// scan and a gather in memory instead of queries queued behind background work on the database.
//
// Versions. The model is labelled with the data version read in the same statement as the publish
// state it was loaded against (lib/db/queries/read-model.ts). When the data version moves, the
// delta is read with short queries and applied synchronously (no request sees half of it):
//   - uploads published since: their samples are added, and every sample whose measurements they
//     added or superseded gets its measurement run reloaded (exact: visibility only changes when an
//     upload publishes);
//   - sample content updates (applied in publish transactions): samples with updated_at after the
//     previous read, less a margin for transactions that started before it, are reloaded, with
//     their vectors; if the visible sample count still differs (rows deleted), everything reloads;
//   - vectors: the pks of each loaded (space, model) are compared with the stored ones; missing
//     vectors are fetched, vanished ones dropped; a flipped active model is simply a new key.
// Requests during a (re)load share one promise; while a newer version loads they are served from
// the previous one after a short grace (lib/serving/current.ts).
import {
  changedSamples,
  countVisibleSamples,
  embeddedSamplePks,
  modelNamesById,
  newlyPublished,
  pageVisibleSamples,
  readPublishState,
  samplesTouchedBy,
  vectorsAfter,
  vectorsOf,
  visibleMeasurementsOf,
  type MeasurementTuple,
  type PublishState,
} from "@/lib/db/queries/read-model";
import { MeasurementStore } from "./measurement-store";
import { SampleTable } from "./sample-table";
import { VectorStore } from "./vector-store";

/** Rows per keyset page / sample pks per measurement or vector query: each query stays short. */
const CHUNK = 2000;
/** A publish transaction that started this long before the previous read is still seen. */
const UPDATE_MARGIN_MS = 60_000;

export class ReadModel {
  readonly samples = new SampleTable();
  readonly measurements = new MeasurementStore();
  models = new Map<number, string>();
  readonly spaces = new Map<string, Promise<VectorStore>>();
  constructor(public publish: PublishState) {}
  get version(): number {
    return this.publish.dataVersion;
  }
}

async function chunked<T>(pks: readonly number[], load: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < pks.length; i += CHUNK) out.push(...(await load(pks.slice(i, i + CHUNK))));
  return out;
}

function groupBySample(rows: readonly MeasurementTuple[]): Map<number, MeasurementTuple[]> {
  const out = new Map<number, MeasurementTuple[]>();
  for (const row of rows) {
    const list = out.get(row[0]);
    if (list) list.push(row);
    else out.set(row[0], [row]);
  }
  return out;
}

/**
 * A full load, page by page. With `previous`, the (space, model) vectors it had loaded are loaded
 * too before the model is returned, so that swapping it in does not make the next query wait.
 */
export async function loadReadModel(previous?: ReadModel): Promise<ReadModel> {
  const model = new ReadModel(await readPublishState());
  let after = 0;
  for (;;) {
    const page = await pageVisibleSamples(model.publish, after, CHUNK);
    if (page.length === 0) break;
    const rows = page.map((s) => model.samples.upsert(s));
    const byPk = groupBySample(await visibleMeasurementsOf(model.publish, page.map((s) => s[0])));
    page.forEach((s, i) => model.measurements.replace(rows[i], byPk.get(s[0]) ?? []));
    after = page[page.length - 1][0];
  }
  model.models = await modelNamesById();
  for (const [key, store] of previous?.spaces ?? []) {
    const [space, name] = JSON.parse(key) as [string, string];
    await vectorsFor(model, space, name, (await store).dim);
  }
  return model;
}

/** Brings `model` to the database's current version in place; false when a full reload is needed. */
export async function updateReadModel(model: ReadModel): Promise<boolean> {
  const next = await readPublishState();
  if (sameVersion(next, model.publish)) return true;
  // A version that went back (a test emptied the pool) or fewer uploads: no delta, reload.
  if (next.dataVersion < model.version || next.maxSeq < model.publish.maxSeq) return false;
  const seqs = await newlyPublished(model.publish, next);
  const since = new Date(model.publish.readAt.getTime() - UPDATE_MARGIN_MS);
  const [changed, count] = await Promise.all([changedSamples(next, seqs, since), countVisibleSamples(next)]);
  const touched = [...new Set([...(await samplesTouchedBy(seqs)), ...changed.map((s) => s[0])])];
  const measurements = groupBySample(await chunked(touched, (pks) => visibleMeasurementsOf(next, pks)));
  const models = await modelNamesById();
  const vectorDeltas = await Promise.all(
    [...model.spaces].map(async ([key, pending]) => {
      const store = await pending;
      return { store, delta: await vectorDelta(key, store, changed.map((s) => s[0])) };
    }),
  );
  // Rows deleted (or added unseen): no delta covers that, reload.
  if (model.samples.size + changed.filter((s) => model.samples.rowOf.get(s[0]) < 0).length !== count) return false;
  // Everything read: apply synchronously.
  for (const s of changed) model.samples.upsert(s);
  for (const pk of touched) {
    const row = model.samples.rowOf.get(pk);
    if (row >= 0) model.measurements.replace(row, measurements.get(pk) ?? []);
  }
  for (const { store, delta } of vectorDeltas) {
    for (const pk of delta.removed) store.remove(pk);
    for (const [pk, vector] of delta.fetched) store.put(pk, vector);
  }
  model.models = models;
  model.publish = next;
  return true;
}

/** Equal versions: the counter and the time it was last bumped (a reset counter counts again). */
export function sameVersion(a: Pick<PublishState, "dataVersion" | "versionAt">, b: Pick<PublishState, "dataVersion" | "versionAt">): boolean {
  return a.dataVersion === b.dataVersion && a.versionAt.getTime() === b.versionAt.getTime();
}

const spaceKey = (space: string, name: string) => JSON.stringify([space, name]);

interface VectorDelta {
  removed: number[];
  fetched: [number, Float32Array][];
}

async function vectorDelta(key: string, store: VectorStore, changedPks: number[]): Promise<VectorDelta> {
  const [space, name] = JSON.parse(key) as [string, string];
  const now = await embeddedSamplePks(space, name);
  const present = new Set(now);
  const removed = store.livePks().filter((pk) => !present.has(pk));
  const changed = new Set(changedPks);
  const wanted = now.filter((pk) => !store.has(pk) || changed.has(pk));
  return { removed, fetched: await chunked(wanted, (pks) => vectorsOf(space, name, pks)) };
}

/** The vectors of one (space, model), loaded on first use. */
export function vectorsFor(model: ReadModel, space: string, name: string, dim: number): Promise<VectorStore> {
  const key = spaceKey(space, name);
  let store = model.spaces.get(key);
  if (!store) {
    store = (async () => {
      const s = new VectorStore(dim);
      // In pk order, CHUNK at a time from where the last chunk ended: no list of every pk first.
      for (let after = 0; ; ) {
        const rows = await vectorsAfter(space, name, after, CHUNK);
        for (const [pk, vector] of rows) s.put(pk, vector);
        if (rows.length < CHUNK) return s;
        after = rows[rows.length - 1][0];
      }
    })();
    model.spaces.set(key, store);
    store.catch(() => model.spaces.delete(key));
  }
  return store;
}
