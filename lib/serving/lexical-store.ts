// The lexical index of a read model (lib/retrieval/lexical.ts), in the model's sample-row order,
// built on first use per data version. Texts are kept by pk with the model (which a full reload
// replaces, so pks of an emptied database never meet old texts): a new version of the same model
// reads only the samples it added and those updated since the previous build. In memory rather
// than Postgres full-text search: a query is then a few postings scans (milliseconds at 12k
// samples) instead of a ts_rank over every matching row on the embedded database, which the
// read model exists to keep requests off.
import { sampleTexts, sampleTextsUpdatedSince, type SampleText } from "@/lib/db/queries/sample-texts";
import { LexicalIndex } from "@/lib/retrieval/lexical";
import type { ReadModel } from "./read-model";

const CHUNK = 2000;
/** A publish transaction that started this long before the previous build is still seen. */
const UPDATE_MARGIN_MS = 60_000;

interface State {
  texts: Map<number, SampleText>;
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
  return new LexicalIndex(
    pks.map((pk, row) => {
      const t = state.texts.get(pk);
      const task = s.task.data[row];
      return {
        input: t?.[1] ?? "",
        reference: t?.[2] ?? null,
        metadata: t?.[3] ?? [],
        tags: s.tagNames[row],
        task: task >= 0 ? s.tasks.names[task] : null,
        benchmark: s.benchmarks.names[s.benchmark.data[row]] ?? null,
      };
    }),
  );
}

/** The lexical index of the model's current version (rows = the model's sample rows). */
export function lexicalFor(model: ReadModel): Promise<LexicalIndex> {
  let state = byModel.get(model);
  if (!state) byModel.set(model, (state = { texts: new Map(), builtAt: null, version: -1, rows: -1 }));
  if (state.index && state.version === model.version && state.rows === model.samples.size) return state.index;
  const index = build(model, state);
  Object.assign(state, { version: model.version, rows: model.samples.size, index });
  index.catch(() => {
    if (state.index === index) state.index = undefined;
  });
  return index;
}
