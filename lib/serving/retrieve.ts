// A selection (query text + filters) → sample primary keys with similarities and why each
// matched, using the active embedder and the process's read model. `q` is read by the query
// language (lib/selection/query-language.ts); its field terms join the filter parameters.
// Shared by the live leaderboard, GET /api/samples and snapshot refreshes.
import { ApiError } from "@/lib/api/errors";
import { activeEmbedder, servedSpace } from "@/lib/retrieval/active";
import { MIN_BACKGROUND } from "@/lib/retrieval/cutoff";
import type { CutReport, Histogram } from "@/lib/retrieval/hybrid";
import { parseMetadataFilters, type RetrievedSample } from "@/lib/retrieval/search";
import { TEXT_SPACE } from "@/lib/retrieval/spaces";
import { fuseSpaces, searchImageSpace } from "./image-search";
import { formatQuery, parseQuery, type ParsedQuery } from "@/lib/selection/query-language";
import type { Selection } from "@/lib/selection/schema";
import { servingModel } from "./current";
import { searchQuery, type QueryAnswer } from "./query-search";
import { searchReadModel } from "./search";
import { vectorsFor, type ReadModel } from "./read-model";

/** Without a query text every matching sample is used; this only bounds runaway selections. */
const ALL_SAMPLES = 10_000_000;

export interface Retrieval {
  samples: RetrievedSample[];
  /** Name of the embedder whose vectors were searched; null without a query text. */
  embedder: string | null;
  embedderReason: string | null;
  k: number | null;
  /** How the cut was made (the first concept's; null without concepts). */
  cut: CutReport | null;
  /** The query as parsed, in canonical form; null without `q`. */
  parsed: string | null;
  /** Words of `q` searched as text that look like a misspelt field, each with the field it was likely meant as. */
  fieldLike?: { word: string; suggestion: string }[];
  /** The benchmark, task and tag values it filtered on: the parameters' and `q`'s field terms. */
  filters: { benchmark: string[]; task: string[]; tag: string[] };
  /** Each concept's cut and its candidates' similarity histogram; `vector`: the query the cut was made on. */
  concepts: { text: string; report: CutReport; histogram: Histogram | null; vector?: Float32Array | null }[];
  /** Why nothing could be retrieved, when that is the case. */
  notice?: string;
  /** The image space's part (SigLIP text→image), fused with the text space's; absent when it did not answer. */
  image?: { model: string; cut: number; n: number };
}

/** With `model`, that read model answers (a computation reads one version throughout). */
export async function retrieve(selection: Selection, readModel?: ReadModel): Promise<Retrieval> {
  const filters = { benchmark: selection.benchmark, task: selection.task, tag: selection.tag, meta: parseMetadataFilters(selection.meta), modality: selection.modality };
  const none = { cut: null, parsed: null, concepts: [], filters };
  if (!selection.q) {
    // api.md: without q every sample that matches the filters is used; k and threshold bound what q retrieves only.
    const samples = await searchReadModel(readModel ?? (await servingModel()), { filters, k: ALL_SAMPLES });
    return { samples, embedder: null, embedderReason: null, k: null, ...none };
  }
  const parsed = parseQuery(selection.q);
  const fieldLike = parsed.fieldLike;
  const all = { ...parsed.filters, meta: [...selection.meta, ...parsed.filters.meta] };
  const merged = {
    benchmark: [...filters.benchmark, ...all.benchmark],
    task: [...filters.task, ...all.task],
    tag: [...filters.tag, ...all.tag],
    meta: parseMetadataFilters(all.meta),
    modality: selection.modality,
  };
  const cut = { k: selection.k, threshold: selection.threshold };
  const model = readModel ?? (await servingModel());
  if (parsed.groups.length === 0) {
    const answer = await searchQuery(model, { parsed, filters: merged, cut, space: TEXT_SPACE, dense: null });
    return { ...fromAnswer(answer), embedder: null, embedderReason: null, k: selection.k ?? null, parsed: formatQuery(parsed), fieldLike, filters: merged };
  }
  // The lookups that wait on the database are issued together, not one round trip after another.
  const [active, space] = await Promise.all([activeEmbedder(), servedSpace(TEXT_SPACE)]);
  if (!active.embedder || !active.name) {
    throw new ApiError("unavailable", `Semantic search is not ready: ${active.reason}. Try again shortly, or filter without "q".`);
  }
  const embedder = active.embedder;
  // Where SigLIP is active, the concepts (in query order, as the text answer lists them) are looked
  // for in the images too, started beside the text search, and the two lists fused by rank; a
  // text-only request (modality=text) or a process without SigLIP keeps the text answer.
  const concepts = parsed.groups.flat().map((c) => c.text);
  const imageSearch = selection.modality === "text" ? Promise.resolve(null) : searchImageSpace(model, concepts.join(" "), merged, selection.k);
  const textSearch = (async () => {
    const store = await vectorsFor(model, space.space, active.name!, space.dim);
    return searchQuery(model, {
      parsed,
      filters: merged,
      cut,
      space: space.space,
      dense: { store, embed: async (texts) => (await embedder.embed(texts)).map((v) => Float32Array.from(v)) },
    });
  })();
  const [answer, image] = await Promise.all([textSearch, imageSearch]);
  const out: Retrieval = { ...fromAnswer(answer), embedder: active.name, embedderReason: active.reason, k: selection.k ?? null, parsed: formatQuery(parsed), fieldLike, filters: merged };
  // The image side searched by the filters alone: the query's exclusions (-word, -tag:x) apply to its hits too.
  const imageHits = image ? image.samples.filter((s) => answer.allowed(s.pk)) : [];
  if (image && imageHits.length > 0) {
    out.samples = fuseSpaces(out.samples, imageHits, selection.k);
    out.image = { model: image.model, cut: image.cut, n: imageHits.length };
  }
  if (out.samples.length === 0) out.notice = noMatchNotice(selection.q ?? "", answer, parsed, active.kind === "fallback");
  return out;
}

/**
 * Why a query retrieved nothing, as far as its cuts tell. A query is an OR of groups, each an AND
 * of concepts; the first group is looked at (every group retrieved nothing). A concept of it that
 * retrieved nothing by itself says why: its filters (and quoted phrases) passed no sample; no
 * candidate had a similarity (the fallback embedder knows none of the words, or no candidate has a
 * vector yet); too few had one for a similarity to stand out and none has the words; or none
 * reached the threshold asked for. Where each concept retrieved something, they have no sample in
 * common. Before, the words were blamed whenever a concept had no similarity cut — also where a
 * filter value matched nothing. No counts of the pool are said: the notice is part of a
 * leaderboard's input digest, which must not move as the pool grows.
 */
export function noMatchNotice(q: string, answer: Pick<QueryAnswer, "concepts">, parsed: ParsedQuery, fallback: boolean): string {
  const why = (reason: string) => `Nothing in the pool matches "${q}"${reason ? `: ${reason}` : ""}.`;
  const group = (parsed.groups[0] ?? []).map((c, i) => ({ phrases: c.phrases, ...answer.concepts[i] })).filter((c) => c.result);
  const empty = group.filter((c) => c.result.report.cut.k === 0);
  if (empty.length === 0) return why(group.length > 1 ? "no sample matches all of its concepts together" : "");
  const none = empty.filter((x) => x.result.report.n_candidates === 0);
  if (none.length > 0) {
    const phrases = [...new Set(none.flatMap((x) => x.phrases))].map((p) => `"${p}"`);
    return why(phrases.length ? `no sample that passes its filters contains ${phrases.join(" and ")}` : "no sample passes its filters");
  }
  const c = empty[0];
  if (c.result.histogram === null) {
    const knowsWords = c.vector !== null && c.vector.some((x) => x !== 0);
    if (!knowsWords) return why(`none of its words occur in the pool the ${fallback ? "offline fallback embedder was fitted on" : "embedder knows"}`);
    return why("none of the samples it could search has a vector yet (the pool's embeddings are being computed)");
  }
  if (c.result.report.cut.similarity === null) {
    return why(`its filters${c.phrases.length ? " and phrases" : ""} leave fewer than ${MIN_BACKGROUND} samples with a similarity, too few for one to stand out, and none of them has its words`);
  }
  return why(c.result.report.mode === "threshold" ? `no sample's similarity reaches the threshold ${c.result.report.cut.similarity}` : "");
}

function fromAnswer(answer: QueryAnswer): Pick<Retrieval, "samples" | "cut" | "concepts"> {
  const concepts = answer.concepts.map((c) => ({ text: c.text, report: c.result.report, histogram: c.result.histogram, vector: c.vector }));
  return { samples: answer.hits, cut: concepts[0]?.report ?? null, concepts };
}

/** How the cut was made, as the answers of /api/leaderboard and /api/samples say it (spec/api.md 1.1). */
export interface RetrievalCut {
  mode: CutReport["mode"] | null;
  n_candidates: number | null;
  cut: CutReport["cut"] | null;
  parsed_query: string | null;
  /** Words of the query searched as text that look like a misspelt field (only benchmark:, task:, tag: and meta.KEY: filter). */
  fields_read_as_text: { word: string; suggestion: string }[];
  concepts: {
    text: string;
    mode: CutReport["mode"];
    n_candidates: number;
    cut: CutReport["cut"];
    background: CutReport["background"] | null;
    /** The concept was answered by its expanded query (lib/retrieval/feedback.ts). */
    expansion: CutReport["expansion"] | null;
  }[];
}

export function retrievalCut(r: Retrieval): RetrievalCut {
  return {
    mode: r.cut?.mode ?? null,
    n_candidates: r.cut?.n_candidates ?? null,
    cut: r.cut ? { ...r.cut.cut, k: r.samples.length } : null,
    parsed_query: r.parsed,
    fields_read_as_text: r.fieldLike ?? [],
    concepts: r.concepts.map((c) => ({ text: c.text, mode: c.report.mode, n_candidates: c.report.n_candidates, cut: c.report.cut, background: c.report.background ?? null, expansion: c.report.expansion ?? null })),
  };
}
