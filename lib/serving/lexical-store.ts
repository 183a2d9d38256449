// The lexical index of a read model (lib/retrieval/lexical.ts), in the model's sample-row order,
// built on first use per data version. Texts are kept by pk with the model (which a full reload
// replaces, so pks of an emptied database never meet old texts): a new version of the same model
// reads only the samples it added and those updated since the previous build, and splits only
// those into terms — every other sample's terms (ids of one dictionary per model lineage) are
// reused, so a new version costs a postings layout, not a re-tokenization of the pool (at 100k
// samples ~10 s of CPU). Splitting yields to other requests every TERMS_SLICE samples. In memory rather
// than Postgres full-text search: a query is then a few postings scans (milliseconds at 12k
// samples) instead of a ts_rank over every matching row on the embedded database, which the
// read model exists to keep requests off.
import { sampleTexts, sampleTextsUpdatedSince, type SampleText } from "@/lib/db/queries/sample-texts";
import { docTerms, LexicalIndex, TermDictionary, type DocTerms } from "@/lib/retrieval/lexical";
import type { ReadModel } from "./read-model";

const CHUNK = 2000;
/** Samples split into terms between two yields to the event loop. */
const TERMS_SLICE = 1000;
/** A publish transaction that started this long before the previous build is still seen. */
const UPDATE_MARGIN_MS = 60_000;

interface CachedTerms {
  /** What the terms were split from: the text row and the model's labels of the sample. */
  text: SampleText | undefined;
  labels: string;
  terms: DocTerms;
}

interface State {
  texts: Map<number, SampleText>;
  dict: TermDictionary;
  terms: Map<number, CachedTerms>;
  builtAt: Date | null;
  version: number;
  rows: number;
  index?: Promise<LexicalIndex>;
}

const byModel = new WeakMap<ReadModel, State>();

async function build(model: ReadModel, state: State): Promise<LexicalIndex> {
  const started = new Date(Date.now() - UPDATE_MARGIN_MS);
  if (state.builtAt) for (const t of await sampleTextsUpdatedSince(state.builtAt)) state.texts.set(t[0], t);
  const pks = Array.from(model.samples.pk.data.subarray(0, model.samples.size));
  const missing = pks.filter((pk) => !state.texts.has(pk));
  for (let i = 0; i < missing.length; i += CHUNK) for (const t of await sampleTexts(missing.slice(i, i + CHUNK))) state.texts.set(t[0], t);
  state.builtAt = started;
  const s = model.samples;
  const terms: DocTerms[] = new Array(pks.length);
  let split = 0;
  for (let row = 0; row < pks.length; row++) {
    const pk = pks[row];
    const text = state.texts.get(pk);
    const task = s.task.data[row];
    const doc = {
      input: text?.[1] ?? "",
      reference: text?.[2] ?? null,
      metadata: text?.[3] ?? [],
      tags: s.tagNames[row],
      task: task >= 0 ? s.tasks.names[task] : null,
      benchmark: s.benchmarks.names[s.benchmark.data[row]] ?? null,
    };
    const labels = JSON.stringify([doc.tags, doc.task, doc.benchmark]);
    const cached = state.terms.get(pk);
    if (cached && cached.text === text && cached.labels === labels) {
      terms[row] = cached.terms;
      continue;
    }
    terms[row] = docTerms(doc, state.dict);
    state.terms.set(pk, { text, labels, terms: terms[row] });
    if (++split % TERMS_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  // Samples gone from the pool: forget their terms once they are a fifth of what is kept.
  if (state.terms.size > 1.2 * pks.length) {
    const live = new Set(pks);
    for (const pk of state.terms.keys()) if (!live.has(pk)) state.terms.delete(pk);
  }
  return new LexicalIndex({ terms, dict: state.dict });
}

/** The lexical index of the model's current version (rows = the model's sample rows). */
export function lexicalFor(model: ReadModel): Promise<LexicalIndex> {
  let state = byModel.get(model);
  if (!state) byModel.set(model, (state = { texts: new Map(), dict: new TermDictionary(), terms: new Map(), builtAt: null, version: -1, rows: -1 }));
  if (state.index && state.version === model.version && state.rows === model.samples.size) return state.index;
  const index = build(model, state);
  Object.assign(state, { version: model.version, rows: model.samples.size, index });
  index.catch(() => {
    if (state.index === index) state.index = undefined;
  });
  return index;
}
