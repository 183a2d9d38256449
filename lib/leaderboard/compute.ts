// The live leaderboard: retrieve the samples a query selects, load their measurements, aggregate.
// Results are cached per process by (parameters, data version): any committed upload or new
// vectors bump the data version, so a cached answer is never stale.
import { ApiError } from "@/lib/api/errors";
import { dataVersion } from "@/lib/db/data-version";
import { env } from "@/lib/env";
import { retrieve, type Retrieval } from "@/lib/retrieval/retrieve";
import { rank } from "@/lib/ranking/leaderboard";
import { DEFAULT_PRIOR } from "@/lib/ranking/prior";
import type { CiMethod } from "@/lib/ranking/leaderboard-types";
import { loadBatch } from "./load-batch";
import { toApiLeaderboard, type ApiLeaderboard, type ApiWarning } from "./response";
import type { LeaderboardQuery } from "./params";

/** The demo data's reference model (data/demo/README.md), used when BASELINE_MODEL is unset. */
export const DEMO_BASELINE = "reference-4o-mini";
/**
 * Fewer retrieved samples than this and the ranking is flagged as unreliable. With 16–30 models
 * per sample, 20 samples already give hundreds of choice events, but intervals widen quickly below.
 */
export const FEW_SAMPLES = 20;

export interface LiveLeaderboard extends ApiLeaderboard {
  retrieval: { query: string | null; k: number | null; threshold: number | null; n_retrieved: number; embedder: string | null; similarity: [number, number] | null; notice: string | null };
  data_version: number;
  computed_at: string;
  cached: boolean;
}

export function configuredBaseline(): string {
  return env().BASELINE_MODEL || DEMO_BASELINE;
}

function similarityRange(r: Retrieval): [number, number] | null {
  const sims = r.samples.map((s) => s.similarity).filter((s): s is number => s !== null);
  return sims.length ? [Math.min(...sims), Math.max(...sims)] : null;
}

const CACHE_SIZE = 200;
const g = globalThis as unknown as { __portalLbCache?: Map<string, LiveLeaderboard> };
const cache = (g.__portalLbCache ??= new Map());

export async function computeLeaderboard(q: LeaderboardQuery, opts: { ci?: CiMethod; useCache?: boolean } = {}): Promise<LiveLeaderboard> {
  const version = await dataVersion();
  const key = JSON.stringify([q, opts.ci ?? null, version, env().EMBEDDER]);
  const hit = opts.useCache === false ? undefined : cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return { ...hit, cached: true };
  }
  const retrieval = await retrieve(q);
  // The baseline stays in a restricted model set: it is what the scores are relative to.
  const models = q.models.length ? new Set(q.baseline ? [...q.models, q.baseline] : q.models) : undefined;
  const { batch } = await loadBatch(
    retrieval.samples.map((s) => s.pk),
    models,
  );
  const extra: ApiWarning[] = [];
  let baseline = q.baseline;
  if (baseline && !batch.modelNames.includes(baseline)) {
    throw new ApiError("bad_request", `Parameter "baseline": model "${baseline}" has no measurements among the selected samples`);
  }
  if (!baseline && batch.modelNames.includes(configuredBaseline())) baseline = configuredBaseline();
  if (retrieval.notice) extra.push({ code: "no_match", message: retrieval.notice });
  if (retrieval.samples.length < FEW_SAMPLES) {
    extra.push({
      code: "few_samples",
      message: `Only ${retrieval.samples.length} sample${retrieval.samples.length === 1 ? "" : "s"} matched: too few to rank reliably (want at least ${FEW_SAMPLES}). Loosen the filters, lower the threshold or raise k.`,
    });
  }
  const result = batch.nModels === 0 ? null : rank(q.method, batch, { baseline, prior: q.prior ?? env().PL_PRIOR ?? DEFAULT_PRIOR, ci: opts.ci });
  const api = result
    ? toApiLeaderboard(result, extra)
    : { ...emptyLeaderboard(q.method), warnings: extra };
  const live: LiveLeaderboard = {
    ...api,
    retrieval: {
      query: q.q ?? null,
      k: retrieval.k,
      threshold: q.threshold ?? null,
      n_retrieved: retrieval.samples.length,
      embedder: retrieval.embedder,
      similarity: similarityRange(retrieval),
      notice: retrieval.notice ?? null,
    },
    data_version: version,
    computed_at: new Date().toISOString(),
    cached: false,
  };
  cache.set(key, live);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return live;
}

function emptyLeaderboard(method: string): ApiLeaderboard {
  return {
    n_samples: 0,
    n_measurements: 0,
    method,
    baseline: configuredBaseline(),
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
