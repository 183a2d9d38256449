// A web process loads at start, in the background, what its first requests would otherwise wait
// for: the read model, the keyword index, the active text space's vectors and its embedder, the
// overall leaderboard (the home page), compare's default (the top models over the whole pool:
// its per-benchmark and per-tag fits, and the first use of its code) and the model pages' fits of
// every benchmark and frequent tag (lib/models/pool-fits.ts). At 100k samples that is ~20 s
// of work per process (read model ~15 s, keyword index, vectors, whole-pool fits), paid before the
// first visitor instead of by them;
// requests arriving meanwhile share the same loads (one promise each), so they never do it twice.
// Then, once per process (WEB_WARM_UP_ROUNDS), the code: a few rounds of requests to itself, one
// of each kind a visitor makes with a new capability query each time (warmCode), so that V8 has
// compiled the request paths (retrieval, fits, rendering) before visitors arrive: a fresh server's
// first requests took 2-4 times their later CPU, and under the crowd of bench:load the first 10 s
// after a start answered at half the later rate. Afterwards it stays warm: when the data version
// moves, the loads run again in the background (keepWarm, every WEB_REWARM_MS). Off with WEB_WARM_UP=0. A failure (an empty or migrating database) is logged, not thrown: the
// first request then loads as before.
import { compareModels } from "@/lib/compare/compare";
import { dataVersion } from "@/lib/db/data-version";
import { expirePolledStamp } from "@/lib/db/version-memo";
import { env } from "@/lib/env";
import { computeLeaderboard } from "@/lib/leaderboard/compute";
import { overallLeaderboard } from "@/lib/leaderboard/live";
import { poolFits } from "@/lib/models/pool-fits";
import { logger } from "@/lib/log";
import { activeEmbedder, servedSpace } from "@/lib/retrieval/active";
import { TEXT_SPACE } from "@/lib/retrieval/spaces";
import { servingModel } from "@/lib/serving/current";
import { lexicalFor } from "@/lib/serving/lexical-store";
import { vectorsFor } from "@/lib/serving/read-model";
import { SameBatchMemo } from "@/lib/serving/same-batch-memo";
import { defaultLeaderboardQuery, selectionSchema } from "@/lib/selection/schema";
import { modelHref } from "@/lib/selection/url";
import { sampleHref } from "@/lib/samples/links";

/** The whole-pool batch compare was last warmed for. */
const warmedCompare = new SameBatchMemo<true>(1);

/** A warm-up's result: how long it took, the pool's size, and whether capability queries can be answered (an active embedder). */
export interface Warmed {
  ms: number;
  samples: number;
  searchable: boolean;
}

export async function warmServing(): Promise<Warmed | null> {
  const log = logger("web");
  const t0 = performance.now();
  try {
    const model = await servingModel();
    await lexicalFor(model);
    const [active, space] = await Promise.all([activeEmbedder(), servedSpace(TEXT_SPACE)]);
    const searchable = Boolean(active.embedder && active.name);
    if (active.embedder && active.name) {
      await vectorsFor(model, space.space, active.name, space.dim);
      await active.embedder.embed(["warm up"]);
    }
    await overallLeaderboard();
    // Compare's fits are remembered by content: after a version that left the whole pool's
    // measurements alone (its batch carried over as the same object) they are all still there.
    const overall = (await computeLeaderboard(defaultLeaderboardQuery())).loaded.batch;
    if (!warmedCompare.get("compare", overall)) {
      // A pool that ranks fewer than two models has nothing to compare: not a failed warm-up.
      await compareModels({ models: [], selection: selectionSchema.parse({}) }).catch(() => null);
      warmedCompare.set("compare", overall, true);
    }
    // The model pages' per-benchmark and per-tag fits over the whole pool (~2 s at 100k): left to
    // the first model page, each web process paid them under load.
    await poolFits().catch(() => null);
    const done = { ms: Math.round(performance.now() - t0), samples: model.samples.size, searchable };
    log.info({ duration_ms: done.ms, samples: done.samples }, "serving warmed up: read model, keyword index, vectors, overall leaderboard, compare, model pages' fits");
    return done;
  } catch (err) {
    log.warn({ err, duration_ms: Math.round(performance.now() - t0) }, "warm-up failed; the first requests load what they need");
    return null;
  }
}

/**
 * The requests of one round of warmCode, the kinds a visitor asks for (those of bench:load's
 * traffic, scripts/lib/load-traffic.ts): a capability query (two index words, new each round)
 * through the API and the pages, the home page, a sample page and a model page.
 */
export function warmRequests(round: number, words: readonly string[], sampleIds: readonly string[], models: readonly string[]): string[] {
  const at = <T>(xs: readonly T[], i: number) => xs[((i % xs.length) + xs.length) % xs.length];
  const q = encodeURIComponent(words.length ? `${at(words, round * 7919)} ${at(words, round * 104_729 + 13)}` : "warm up");
  const paths = [`/api/leaderboard?q=${q}`, `/api/samples?q=${q}`, `/leaderboard?q=${q}`, "/", `/compare?q=${q}`];
  if (sampleIds.length) paths.push(sampleHref(at(sampleIds, round * 7577)));
  if (models.length) paths.push(modelHref(at(models, round), {}));
  return paths;
}

/**
 * `rounds` rounds of warmRequests sent one after another to this process's own HTTP server at
 * `base` (marked `x-portal-warm-up: 1` for whoever reads access logs); a request that fails or
 * times out is counted, not retried. Returns what was sent.
 */
export async function warmCode(base: string, rounds: number): Promise<{ requests: number; failed: number; ms: number }> {
  const t0 = performance.now();
  const model = await servingModel();
  const index = await lexicalFor(model);
  const words = index.withPrefix("").filter((w) => w.length >= 4 && /^[a-z]+$/.test(w));
  const ids = model.samples.ids;
  const spread = Math.min(ids.length, 64);
  const sampleIds = Array.from({ length: spread }, (_, i) => ids[Math.floor((i * ids.length) / spread)]);
  const models = [...model.models.values()];
  let requests = 0;
  let failed = 0;
  for (let round = 0; round < rounds; round++) {
    for (const path of warmRequests(round, words, sampleIds, models)) {
      requests++;
      const ok = await fetch(base + path, { headers: { "x-portal-warm-up": "1" }, signal: AbortSignal.timeout(60_000) })
        .then(async (r) => (await r.arrayBuffer(), r.status < 500))
        .catch(() => false);
      if (!ok) failed++;
    }
  }
  return { requests, failed, ms: Math.round(performance.now() - t0) };
}

/** This process's own HTTP address: its private port behind web-cluster.mjs, else the one Next.js listens on. */
function ownBase(): string | null {
  const port = process.env.WEB_OWN_PORT ?? process.env.PORT;
  return port ? `http://127.0.0.1:${port}` : null;
}

let codeWarmed = false;

/**
 * warmCode once per process, after the first warm-up of a pool that has samples and an active
 * embedder (at start, or after the first import and its embedding: before, capability requests
 * answer 503 and would warm nothing).
 */
async function warmCodeOnce(warmed: Warmed): Promise<void> {
  const base = ownBase();
  if (codeWarmed || warmed.samples === 0 || !warmed.searchable || !base || env().WEB_WARM_UP_ROUNDS === 0) return;
  codeWarmed = true;
  const done = await warmCode(base, env().WEB_WARM_UP_ROUNDS);
  logger("web").info({ duration_ms: done.ms, requests: done.requests, failed: done.failed }, "serving code warmed up: requests of each kind sent to itself");
}

/** Starts the warm-up once the server is listening (register() runs before it listens), then keeps the process warm. */
export function warmServingSoon(): void {
  if (!env().WEB_WARM_UP) return;
  setTimeout(async () => {
    // The version before the warm-up: a change during it is caught up by keepWarm's first look.
    const version = await dataVersion().catch(() => null);
    const warmed = await warmServing();
    if (warmed) await warmCodeOnce(warmed);
    keepWarm(env().WEB_REWARM_MS, version, (_, done) => warmCodeOnce(done));
  }, 1000).unref();
}

/**
 * Every `intervalMs`, when the data version has moved since the last warm-up, the same loads run
 * again in the background (incremental: after an upload, only its samples), so that the first
 * requests after an import or an upload do not wait for them. Without it, the web server that a
 * start-up's sequential requests had not reached was still cold when 50 clients arrived after a
 * 100k import: its share of the first 30 s of requests (43) timed out. One warm-up at a time; the
 * versions that pass meanwhile are caught up in one. `warmedVersion`: the version the last warm-up
 * started from (null: unknown, warm at the first look); `onWarmed` hears of each warm-up that succeeded.
 * Returns a stop function (tests).
 */
export function keepWarm(intervalMs: number, warmedVersion: number | null, onWarmed?: (version: number, done: Warmed) => void | Promise<void>): () => void {
  if (intervalMs <= 0) return () => undefined;
  let warmedAt = warmedVersion;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const version = await dataVersion();
      if (version !== warmedAt) {
        // A failed warm-up is logged once for its version, not retried every tick: the requests
        // load what they need, as without it.
        const done = await warmServing();
        // Its version polls were for no request: pages must not trust them as recent.
        expirePolledStamp();
        warmedAt = version;
        if (done) await onWarmed?.(version, done);
      }
    } catch {
      // The database away: the next tick tries again (requests answer 503 meanwhile).
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
