// The lexical index of a read model (lib/retrieval/lexical.ts), in the model's sample-row order,
// built on first use per data version. Each sample's split terms are kept by pk with the model
// (which a full reload replaces, so pks of an emptied database never meet old terms), packed in
// shared columns (./term-runs.ts) with the stamp (updated_at) of the text they were split from and
// the labels they were split under; the texts themselves are read only to be split, then dropped
// (keeping every text cost ~100 MB per web process at 100k samples). A new version of the same
// model reads only the samples it added, those updated since the previous build and those whose
// labels moved, and splits only those into terms — every other sample's terms (ids of one
// dictionary per model lineage) are reused, so a new version costs a postings layout, not a
// re-tokenization of the pool (at 100k samples ~10 s of CPU). Between builds the split terms are
// released and come back from the last index when a build has something to split (./term-runs.ts).
// Splitting yields to other requests
// every TERMS_SLICE samples. In memory rather than Postgres full-text search: a query is then a few postings scans (milliseconds at 12k
// samples) instead of a ts_rank over every matching row on the embedded database, which the
// read model exists to keep requests off.
import { sampleTexts, sampleTextsUpdatedSince, type SampleText } from "@/lib/db/queries/sample-texts";
import { docTerms, LexicalIndex, TermDictionary, type DocTerms } from "@/lib/retrieval/lexical";
import type { ReadModel } from "./read-model";
import { TermRuns } from "./term-runs";

const CHUNK = 2000;
/** Samples split into terms between two yields to the event loop. */
const TERMS_SLICE = 1000;
/** A publish transaction that started this long before the previous build is still seen. */
const UPDATE_MARGIN_MS = 60_000;

interface State {
  /** Each sample's split terms and what they were split from (text stamp, labels): not the texts. */
  runs: TermRuns;
  dict: TermDictionary;
  builtAt: Date | null;
  version: number;
  rows: number;
  index?: Promise<LexicalIndex>;
  /** The last index built and the pks of its rows: reused by a build that splits nothing anew. */
  built?: { index: LexicalIndex; pks: Int32Array };
  /** Label keys by (tag list, task, benchmark) codes: one string per combination, not one per row. */
  labelKeys: Map<number, string>;
  /** The task and benchmark counts labelKeys' numbers were made with. */
  labelKeysFor?: number;
}

/**
 * On globalThis, like the read model it is keyed by: Next.js bundles this module once per layer
 * (instrumentation's warm-up, route handlers, server-rendered pages), and a map per copy built the
 * index once per copy — at 100k samples ~10 s of CPU on each layer's first query, and one more copy
 * of every sample's terms kept alive per layer.
 */
const g = globalThis as unknown as { __portalLexical?: WeakMap<ReadModel, State> };
const byModel = (g.__portalLexical ??= new WeakMap<ReadModel, State>());

const stampOf = (t: SampleText | undefined) => (t ? t[4].getTime() : -1);

async function build(model: ReadModel, state: State): Promise<LexicalIndex> {
  const started = new Date(Date.now() - UPDATE_MARGIN_MS);
  // Texts are read for the samples to split only, and dropped once split: the runs keep terms.
  const fresh = new Map<number, SampleText>();
  if (state.builtAt) for (const t of await sampleTextsUpdatedSince(state.builtAt)) fresh.set(t[0], t);
  const s = model.samples;
  const pks = Array.from(s.pk.data.subarray(0, s.size));
  const labelsOf = (row: number) => {
    const task = s.task.data[row];
    return { tags: s.tagNames(row), task: task >= 0 ? s.tasks.names[task] : null, benchmark: s.benchmarks.names[s.benchmark.data[row]] ?? null };
  };
  // What a sample's terms were split under, as one interned string per combination of the sample
  // table's codes (stable for the model's lineage, which this state belongs to).
  const nTasks = s.tasks.names.length + 1;
  const nBenchmarks = s.benchmarks.names.length;
  // A combination's number depends on the counts: a new task or benchmark renumbers them all.
  if (state.labelKeysFor !== nTasks * 2 ** 26 + nBenchmarks) {
    state.labelKeys.clear();
    state.labelKeysFor = nTasks * 2 ** 26 + nBenchmarks;
  }
  const keyOf = (row: number) => {
    const combo = (s.tagListOf(row) * nTasks + s.task.data[row] + 1) * nBenchmarks + s.benchmark.data[row];
    let key = state.labelKeys.get(combo);
    if (key === undefined) state.labelKeys.set(combo, (key = JSON.stringify([s.tagListOf(row), s.task.data[row], s.benchmark.data[row]])));
    return key;
  };
  const keys = pks.map((_, row) => keyOf(row));
  // New samples, and kept ones whose labels moved without a text update: their texts are read.
  const missing = pks.filter((pk, row) => !fresh.has(pk) && state.runs.labelKeyOf(pk) !== keys[row]);
  for (let i = 0; i < missing.length; i += CHUNK) for (const t of await sampleTexts(missing.slice(i, i + CHUNK))) fresh.set(t[0], t);
  state.builtAt = started;
  // The runs were released after the last build: back from its index before they are changed or read.
  const restore = () => state.built && state.runs.restore(state.built.index.byRow(), state.built.pks);
  let split = 0;
  for (let row = 0; row < pks.length; row++) {
    const pk = pks[row];
    const text = fresh.get(pk);
    const key = keys[row];
    // Reused: a text not read again (labels unchanged, else it was read), or read with the same stamp.
    if (text ? state.runs.matches(pk, stampOf(text), key) : state.runs.labelKeyOf(pk) === key) continue;
    if (state.runs.released) restore();
    const doc = { input: text?.[1] ?? "", reference: text?.[2] ?? null, metadata: text?.[3] ?? [], ...labelsOf(row) };
    state.runs.put(pk, docTerms(doc, state.dict), stampOf(text), key);
    if (++split % TERMS_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  // Samples gone from the pool: forget their terms once they are a fifth of what is kept.
  if (state.runs.size > 1.2 * pks.length) state.runs.retain(new Set(pks));
  // Nothing split anew and the same rows (a version that moved embeddings, health flags, or other
  // models' lines): the same index. At 100k samples laying it out again costs ~0.2 s.
  const rowPks = Int32Array.from(pks);
  if (split === 0 && state.built && sameInts(state.built.pks, rowPks)) return state.built.index;
  if (state.runs.released) restore();
  const terms: DocTerms[] = pks.map((pk) => state.runs.get(pk)!);
  const index = new LexicalIndex({ terms, dict: state.dict });
  state.built = { index, pks: rowPks };
  // Until the next build the index alone holds the postings (at 1M samples ~330 MB less per process).
  state.runs.release(rowPks);
  return index;
}

function sameInts(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The lexical index of the model's current version (rows = the model's sample rows). */
export function lexicalFor(model: ReadModel): Promise<LexicalIndex> {
  let state = byModel.get(model);
  if (!state) byModel.set(model, (state = { runs: new TermRuns(), dict: new TermDictionary(), builtAt: null, version: -1, rows: -1, labelKeys: new Map() }));
  if (state.index && state.version === model.version && state.rows === model.samples.size) return state.index;
  // Builds run one after another (each restores, changes and releases the runs): after the last
  // one started, which `index` still holds (a failed one clears it only once it has ended).
  const index = (state.index ?? Promise.resolve()).catch(() => undefined).then(() => build(model, state!));
  Object.assign(state, { version: model.version, rows: model.samples.size, index });
  index.catch(() => {
    if (state.index === index) state.index = undefined;
  });
  return index;
}
