// The live leaderboard: retrieve the samples a query selects, load their measurements, aggregate.
// computeLeaderboard returns the whole computation (the answer, the resolved query, the retrieval
// and the loaded batch) so that views of the same selection (compare, model evidence, pool fits,
// the query page) reuse it instead of retrieving and loading again. Cached per process by
// (resolved query, data version): any committed upload or new vectors bump the data version, so a
// cached answer is never stale. Answers are small and many are kept; batches are large, so only
// the last few computations keep theirs. Retrieval and measurements come from the process's read
// model (lib/serving), which is also what the key's data version is read from (one version poll
// per request, none when the database is busy); an answer served from an older version while the
// read model catches up says so in data_version and is cached under that version. Fits run through a limiter (FIT_CONCURRENCY at once,
// FIT_QUEUE waiting, past that 503 with Retry-After). Requests for the same key while it is being
// computed share that one computation (the whole pool's after a publish: the leaderboard, every model
// page and compare ask for it at once). Each fit starts from the last fitted θ of the same query
// under an earlier version (an upload changes a little of the pool), and converges to the same
// optimum as from scratch, in fewer passes.
import { createHash } from "node:crypto";
import { env } from "@/lib/env";
import { currentModel, polledHealthRun, servingModel } from "@/lib/serving/current";
import { forgetIncrementalBatch, gatherPrepared } from "@/lib/serving/incremental-batch";
import { processLimiter } from "@/lib/serving/limiter";
import { SameBatchMemo } from "@/lib/serving/same-batch-memo";
import type { ReadModel } from "@/lib/serving/read-model";
import { retrieve, retrievalCut, type Retrieval, type RetrievalCut } from "@/lib/serving/retrieve";
import { checkSelection, type SelectionHealth } from "@/lib/health/selection";
import { extent } from "@/lib/retrieval/hybrid";
import { rank } from "@/lib/ranking/leaderboard";
import type { CiMethod, LeaderboardResult, RankMethod, RankOptions } from "@/lib/ranking/leaderboard-types";
import type { MeasurementBatch } from "@/lib/ranking/measurements";
import { fitBaseline, resolveQuery, type ResolvedQuery } from "@/lib/selection/defaults";
import { hasFactsFilter, type LeaderboardQuery } from "@/lib/selection/schema";
import { loadBatch, type LoadedBatch } from "./load-batch";
import type { Reach } from "./reach";
import { toApiLeaderboard, type ApiLeaderboard, type ApiWarning } from "./response";
import { rankedModels, rowFacts } from "./row-facts";

/**
 * Fewer retrieved samples than this and the ranking is flagged as unreliable. With 16–30 models
 * per sample, 20 samples already give hundreds of choice events, but intervals widen quickly below.
 */
export const FEW_SAMPLES = 20;

export interface LiveLeaderboard extends ApiLeaderboard {
  retrieval: {
    query: string | null;
    k: number | null;
    threshold: number | null;
    n_retrieved: number;
    embedder: string | null;
    similarity: [number, number] | null;
    notice: string | null;
  } & RetrievalCut;
  data_version: number;
  computed_at: string;
  cached: boolean;
  /** What the health check flagged in this selection and, with exclude_flagged, left out (lib/health/selection.ts). */
  health: SelectionHealth | null;
}

export interface ComputedLeaderboard {
  /** The answer of GET /api/leaderboard. */
  leaderboard: LiveLeaderboard;
  /** The query with its defaults resolved (lib/selection/defaults.ts). */
  query: ResolvedQuery;
  retrieval: Retrieval;
  /** The retrieved samples' measurements; with `models`, only those models' and the baseline's. */
  loaded: LoadedBatch;
}

/** A computation with the read model its query was looked up in: what views gathering more of the same samples read from (one version, no second poll). Not kept in the cache: a read model is the whole pool. */
export type ServedComputation = ComputedLeaderboard & { model: ReadModel };

export interface ComputeOptions {
  ci?: CiMethod;
  useCache?: boolean;
}

const ANSWERS = 200;
/**
 * Computations kept for the views of the same selection (its page, compare, evidence, samples):
 * those without a capability text (the whole pool and its filtered views: few, the whole pool's
 * 0.4 s to redo at 100k samples) the last COMPUTATIONS; those of a capability query (many distinct
 * ones, ~80 ms each to redo) only the last QUERIED_COMPUTATIONS. A computation holds about a
 * megabyte of objects (a hit per retrieved sample, the batch's label arrays): kept across a few
 * requests, they outlive V8's young generation, are copied and promoted, and leave only through
 * full mark-compacts. With the last four capability computations kept, a web server spent ~4 ms
 * more of garbage collection per capability page (sequential /leaderboard?q=… at 100k, single-
 * threaded GC: 90 → 84 ms of CPU per page in three A/B pairs).
 */
const COMPUTATIONS = 4;
const QUERIED_COMPUTATIONS = 1;
/** Queries whose last fitted θ is kept for warm starts (60 models: ~1 kB each). */
const WARM_STARTS = 200;

interface Cache {
  answers: Map<string, LiveLeaderboard>;
  computations: Map<string, ComputedLeaderboard>;
  /** computations of capability queries (with a text `q`) */
  queried: Map<string, ComputedLeaderboard>;
  /** computations under way, by key */
  pending: Map<string, Promise<ComputedLeaderboard>>;
  /** last fitted θ by model, by query (any data version) */
  warmStarts: Map<string, ReadonlyMap<string, number>>;
  /** the last ranking of each carried selection, by the batch it ranked (rankPrepared) */
  ranked: SameBatchMemo<LeaderboardResult>;
}
/**
 * The last ranking of each carried selection (the whole pool's and its filtered views, which alone
 * come with their groups and choice events): a new data version that left the selection's
 * measurements alone carries the very same batch object over, and its ranking is then the same
 * (lib/serving/same-batch-memo.ts). At 100k samples that is a whole-pool fit (~0.75 s per web
 * process) saved on each such version.
 */
const RANKED = 4;
const g = globalThis as unknown as { __portalLeaderboardCache?: Cache };
const cache = (g.__portalLeaderboardCache ??= { answers: new Map(), computations: new Map(), queried: new Map(), pending: new Map(), warmStarts: new Map(), ranked: new SameBatchMemo(RANKED) });
cache.queried ??= new Map();
cache.pending ??= new Map();
cache.warmStarts ??= new Map();
cache.ranked ??= new SameBatchMemo(RANKED);
const fits = processLimiter({ concurrency: env().FIT_CONCURRENCY, queue: env().FIT_QUEUE, retryAfter: 2, what: "leaderboard fits" });

/** Forgets every cached leaderboard of this process (for a database emptied under it, as tests do). */
export function forgetLeaderboards(): void {
  cache.answers.clear();
  cache.computations.clear();
  cache.queried.clear();
  cache.pending.clear();
  cache.warmStarts.clear();
  cache.ranked.clear();
  forgetIncrementalBatch();
}

/** A cached value, marked most recently used. */
function recall<V>(map: Map<string, V>, key: string): V | undefined {
  const hit = map.get(key);
  if (hit !== undefined) {
    map.delete(key);
    map.set(key, hit);
  }
  return hit;
}

function remember<V>(map: Map<string, V>, key: string, value: V, size: number): void {
  map.set(key, value);
  if (map.size > size) map.delete(map.keys().next().value!);
}

/** The cache key: the resolved query under the data version of the read model that answers it. */
async function lookup(query: LeaderboardQuery, opts: ComputeOptions): Promise<{ q: ResolvedQuery; model: ReadModel; key: string }> {
  const q = resolveQuery(query);
  const model = await servingModel();
  // A health check finishes after the data version it checked: its flags key answers too.
  return { q, model, key: JSON.stringify([q, opts.ci ?? null, model.version, env().EMBEDDER, polledHealthRun()]) };
}

/** The warm-start key: the query without the version. */
const startKey = (q: ResolvedQuery, ci: CiMethod | undefined) => JSON.stringify([q, ci ?? null, env().EMBEDDER]);

/** The live leaderboard of a query together with the retrieval and batch it was computed from. */
export async function computeLeaderboard(query: LeaderboardQuery, opts: ComputeOptions = {}): Promise<ServedComputation> {
  const found = await lookup(query, opts);
  return { ...(await computeFound(found, opts)), model: found.model };
}

/** computeLeaderboard of a query already looked up (one version poll per request, not one per step). */
async function computeFound({ q, model, key }: Awaited<ReturnType<typeof lookup>>, opts: ComputeOptions): Promise<ComputedLeaderboard> {
  const useCache = opts.useCache !== false;
  const [kept, keep] = q.q ? [cache.queried, QUERIED_COMPUTATIONS] : [cache.computations, COMPUTATIONS];
  const hit = useCache ? recall(kept, key) : undefined;
  if (hit) return { ...hit, leaderboard: { ...hit.leaderboard, cached: true } };
  const running = useCache ? cache.pending.get(key) : undefined;
  if (running) return running;
  // The whole computation holds a slot: the fit itself is synchronous, so bounding only it would
  // bound nothing; bounding retrieval + gather + fit bounds the memory and CPU queued per process.
  const computing = fits.run(() => compute(q, model, opts.ci)).then((computed) => {
    remember(kept, key, computed, keep);
    remember(cache.answers, key, computed.leaderboard, ANSWERS);
    return computed;
  });
  if (!useCache) return computing;
  cache.pending.set(key, computing);
  try {
    return await computing;
  } finally {
    cache.pending.delete(key);
  }
}

/** Only the answer of GET /api/leaderboard: served from the answer cache without touching the samples. */
export async function liveLeaderboard(query: LeaderboardQuery, opts: ComputeOptions = {}): Promise<LiveLeaderboard> {
  const found = await lookup(query, opts);
  const hit = opts.useCache === false ? undefined : recall(cache.answers, found.key);
  if (hit) return { ...hit, cached: true };
  return (await computeFound(found, opts)).leaderboard;
}

function similarityRange(r: Retrieval): [number, number] | null {
  return extent(r.samples.map((s) => s.similarity ?? NaN));
}

function retrievalWarnings(r: Retrieval): ApiWarning[] {
  const out: ApiWarning[] = [];
  if (r.notice) out.push({ code: "no_match", message: r.notice });
  for (const { word, suggestion } of r.fieldLike ?? []) {
    out.push({ code: "field_as_text", message: `"${word}" was read as text, not as a field term: did you mean "${suggestion}"? (The fields are benchmark:, task:, tag: and meta.KEY:.)` });
  }
  const n = r.samples.length;
  if (n < FEW_SAMPLES) {
    out.push({
      code: "few_samples",
      message: `Only ${n} sample${n === 1 ? "" : "s"} matched: too few to rank reliably (want at least ${FEW_SAMPLES}). Loosen the filters, lower the threshold or raise k.`,
    });
  }
  return out;
}

/** Everything a leaderboard's answer depends on except the fit: the selection and its data. */
interface Prepared {
  q: ResolvedQuery;
  model: ReadModel;
  retrieval: Retrieval;
  loaded: LoadedBatch;
  baseline: string | undefined;
  warnings: ApiWarning[];
  health: SelectionHealth | null;
  /** the health run the flags were read from (null before any), and its flags among the retrieved samples */
  healthRun: number | null;
  flags: string;
  facts: Awaited<ReturnType<typeof rowFacts>>;
}

/**
 * With `canonical`, the selected samples are gathered in primary-key order instead of the
 * retrieval's (fused) order: a ranking does not depend on the order of its samples, and a saved
 * leaderboard's snapshot then digests the same when only that order moved (BM25's term weights
 * shift with every upload, and with them the fused order).
 */
async function prepare(q: ResolvedQuery, model: ReadModel, canonical = false): Promise<Prepared> {
  const retrieval = await retrieve(q, model);
  // The baseline stays in a restricted model set: it is what the scores are relative to. A facts
  // filter keeps it even unasked, since judged comparisons (AlpacaEval) are all against it.
  const restricted = await rankedModels(q);
  const keepBaseline = q.baselineRequested || hasFactsFilter(q);
  const models = restricted ? new Set(keepBaseline ? [...restricted, q.baseline] : restricted) : undefined;
  const checked = await checkSelection(
    retrieval.samples.map((s) => s.pk),
    q.exclude_flagged,
  );
  const pks = canonical ? [...checked.pks].sort((a, b) => a - b) : checked.pks;
  // Every model's measurements on a selection by filters (the whole pool's leaderboard and its views
  // after an upload): the previous computation's batch, groups and choice events carried over where
  // the upload left them. Capability queries select anew each time: gathered as they are.
  const carry = !models && !q.q;
  const whole = !q.benchmark.length && !q.task.length && !q.tag.length && !q.meta.length && !q.modality;
  const loaded = carry ? gatherPrepared(model, pks, JSON.stringify(q), whole) : await loadBatch(pks, models, model);
  const baseline = fitBaseline(q, loaded.batch.modelNames);
  const warnings = retrievalWarnings(retrieval);
  if (retrieval.samples.length < FEW_SAMPLES) {
    // Few or none: say which filter value the pool does not have at all (a misspelt benchmark).
    for (const { field, value } of model.samples.unknownValues(retrieval.filters)) {
      warnings.push({ code: "unknown_filter_value", message: `No sample of the pool has ${field} "${value}"${field === "benchmark" ? " (the pool's benchmarks are listed at /benchmarks)" : ""}.` });
    }
  }
  // Mean score and Borda count are absolute: no baseline to replace.
  if (baseline === undefined && loaded.batch.nModels > 0 && q.method !== "mean" && q.method !== "borda") {
    // The portal's baseline cannot be the zero here: the engine fixes another one, and says so.
    const why = models && !models.has(q.baseline) ? "is not among the models asked for" : "has no measurements on these samples";
    warnings.push({ code: "baseline_replaced", model: q.baseline, message: `The portal's baseline ${q.baseline} ${why}: the scores are relative to the model named as "baseline" instead (choose one with baseline=NAME).` });
  }
  if (restricted && restricted.size === 0 && hasFactsFilter(q)) {
    warnings.push({ code: "no_model_matches_facts", message: "No model has facts that pass the filters (open_weights, min_params_b, max_params_b, organization): models without a model line never pass." });
  }
  const facts = await rowFacts(loaded.batch.modelNames, loaded.samplePks, model.version);
  return { q, model, retrieval, loaded, baseline, warnings, health: checked.health, healthRun: checked.runId, flags: checked.flags, facts };
}

/** Ranks a batch: lib/ranking's `rank`, or the same in a thread (a background job's: ./rank-off-thread.ts). */
export type Ranker = (method: RankMethod, batch: MeasurementBatch, options: RankOptions) => LeaderboardResult | Promise<LeaderboardResult>;

/** A prepared computation ranked by `ranker` (null: no models to rank); the fit starts from the same query's last θ. */
async function rankPrepared(p: Prepared, ci: CiMethod | undefined, ranker: Ranker): Promise<LeaderboardResult | null> {
  const { q, loaded, baseline } = p;
  if (loaded.batch.nModels === 0) return null;
  // The groups and choice events that came with the batch, to this thread's ranker only (not copied to a thread).
  const prepared = ranker === rank ? loaded.prepared : undefined;
  const sameKey = prepared ? JSON.stringify([startKey(q, ci), baseline ?? null]) : null;
  const same = sameKey ? cache.ranked.get(sameKey, loaded.batch) : undefined;
  if (same) return same;
  const result = await ranker(q.method, loaded.batch, { baseline, prior: q.prior, ci, warmStart: recall(cache.warmStarts, startKey(q, ci)), ...(prepared ? { prepared } : {}) });
  if (sameKey) cache.ranked.set(sameKey, loaded.batch, result);
  return result;
}

function finish(p: Prepared, ci: CiMethod | undefined, result: LeaderboardResult | null): ComputedLeaderboard {
  const { q, model, retrieval, loaded, warnings } = p;
  if (result?.theta) remember(cache.warmStarts, startKey(q, ci), result.theta, WARM_STARTS);
  const ranked = result ? toApiLeaderboard(result, warnings) : { ...emptyLeaderboard(q), warnings };
  const { facts, selfJudges } = p.facts;
  const api = { ...ranked, models: ranked.models.map((r) => ({ ...r, facts: facts.get(r.model) ?? null, self_judges: selfJudges.get(r.model) ?? [] })) };
  const leaderboard: LiveLeaderboard = {
    ...api,
    retrieval: {
      query: q.q ?? null,
      k: retrieval.k,
      threshold: q.threshold ?? null,
      n_retrieved: retrieval.samples.length,
      embedder: retrieval.embedder,
      similarity: similarityRange(retrieval),
      notice: retrieval.notice ?? null,
      ...retrievalCut(retrieval),
    },
    data_version: model.version,
    computed_at: new Date().toISOString(),
    cached: false,
    health: p.health,
  };
  // Groups and choice events are not kept with the computation: the carried state keeps the latest
  // ones (lib/serving/incremental-batch.ts), and remembered computations only need the batch.
  return { leaderboard, query: q, retrieval, loaded: { batch: loaded.batch, samplePks: loaded.samplePks } };
}

async function compute(q: ResolvedQuery, model: ReadModel, ci?: CiMethod): Promise<ComputedLeaderboard> {
  const prepared = await prepare(q, model);
  return finish(prepared, ci, await rankPrepared(prepared, ci, rank));
}

/**
 * A digest of everything a leaderboard's ranking depends on: the resolved query and interval
 * method, the selected samples in order, every value of their measurements (the batch's columns,
 * byte for byte), the models' facts, the health flags and the warnings. Equal digests give the
 * same ranking, scores and intervals. Not in it: how the retrieval's cut was found (candidate
 * counts, the background's median and spread move with every sample added to the pool, while the
 * retrieved set stays the same).
 */
function inputDigest(p: Prepared, ci: CiMethod | undefined): string {
  const h = createHash("sha256");
  const json = (v: unknown) => h.update(JSON.stringify(v)).update("\u0000");
  const { batch, samplePks } = p.loaded;
  json([p.q, ci ?? null, p.baseline ?? null, p.retrieval.embedder, p.retrieval.k, p.retrieval.notice ?? null, similarityRange(p.retrieval)]);
  json([batch.nModels, batch.nSamples, batch.modelNames, batch.metricNames, batch.criterionNames, batch.rankingKeys]);
  h.update(new Uint8Array(Int32Array.from(samplePks).buffer));
  for (const columns of [batch.score, batch.unitTest, batch.pairwise, batch.ranking]) {
    for (const [name, col] of Object.entries(columns).sort(([a], [b]) => (a < b ? -1 : 1))) {
      h.update(name);
      if (ArrayBuffer.isView(col)) h.update(new Uint8Array(col.buffer, col.byteOffset, col.byteLength));
      else json(col);
    }
  }
  // The health check's data version is when it ran, not what it found.
  const health = p.health ? { ...p.health, data_version: null } : null;
  json([[...p.facts.facts].sort(), [...p.facts.selfJudges].sort(), health, p.warnings]);
  return h.digest("hex");
}

/**
 * What a capability query's snapshot selected and where its cut was (lib/leaderboard/reach.ts):
 * kept with the snapshot, so that a later upload can be checked against it without retrieving
 * again. Null where that check does not apply: no query text, the image space fused in, flagged
 * samples excluded (a health run changes those), or a concept without a cut.
 */
function reachOf(p: Prepared): Reach | null {
  const r = p.retrieval;
  if (!p.q.q || !r.embedder || r.image || p.q.exclude_flagged || r.concepts.length === 0) return null;
  const concepts: Reach["concepts"] = [];
  for (const c of r.concepts) {
    if (!c.vector || c.report.cut.similarity === null) return null;
    concepts.push({ text: c.text, similarity: c.report.cut.similarity, labelled: c.report.mode === "adaptive", vector: Array.from(c.vector) });
  }
  return {
    publish: { maxSeq: p.model.publish.maxSeq, pending: [...p.model.publish.pending] },
    embedder: r.embedder,
    poolSize: p.model.samples.size,
    pks: r.samples.map((x) => x.pk).sort((a, b) => a - b),
    concepts,
    flags: p.flags,
  };
}

export type Recomputed =
  | { status: "computed"; leaderboard: LiveLeaderboard; inputDigest: string; reach: Reach | null; healthRun: number | null }
  | { status: "unchanged"; dataVersion: number; inputDigest: string; reach: Reach | null; healthRun: number | null };

/**
 * A saved leaderboard's refresh: the leaderboard computed afresh (no cache), unless its inputs
 * digest to `previousDigest` — the snapshot's selection and data did not change — in which case no
 * fit runs and the caller keeps the snapshot. Retrieval and gather are cheap beside the fit with
 * bootstrap intervals (at 100k samples: under a second against minutes). Computed from the version
 * published before the call (currentModel), not the one a busy database leaves a request with.
 */
export async function recomputeLeaderboard(query: LeaderboardQuery, ci: CiMethod, previousDigest: string | null, ranker: Ranker = rank): Promise<Recomputed> {
  const q = resolveQuery(query);
  const model = await currentModel();
  return fits.run(async () => {
    const prepared = await prepare(q, model, true);
    const digest = inputDigest(prepared, ci);
    const reach = reachOf(prepared);
    const { healthRun } = prepared;
    if (digest === previousDigest) return { status: "unchanged", dataVersion: model.version, inputDigest: digest, reach, healthRun };
    return { status: "computed", leaderboard: finish(prepared, ci, await rankPrepared(prepared, ci, ranker)).leaderboard, inputDigest: digest, reach, healthRun };
  });
}

function emptyLeaderboard(q: ResolvedQuery): ApiLeaderboard {
  return {
    n_samples: 0,
    n_measurements: 0,
    method: q.method,
    baseline: q.baseline,
    models: [],
    warnings: [],
    scale: "log-strength",
    ci_method: "none",
    analytic_variance: null,
    analytic_variance_reason: null,
    prior: null,
    diagnostics: { iterations: 0, converged: true, n_choices: 0, components: 0 },
  };
}
