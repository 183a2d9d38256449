// A web process loads at start, in the background, what its first requests would otherwise wait
// for: the read model, the keyword index, the active text space's vectors and its embedder, the
// overall leaderboard (the home page), compare's default (the top models over the whole pool:
// its per-benchmark and per-tag fits, and the first use of its code) and the model pages' fits of
// every benchmark and frequent tag (lib/models/pool-fits.ts). At 100k samples that is ~20 s
// of work per process (read model ~15 s, keyword index, vectors, whole-pool fits), paid before the
// first visitor instead of by them;
// requests arriving meanwhile share the same loads (one promise each), so they never do it twice.
// Afterwards it stays warm: when the data version moves, the loads run again in the background
// (keepWarm, every WEB_REWARM_MS). Off with WEB_WARM_UP=0. A failure (an empty or migrating database) is logged, not thrown: the
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

/** The whole-pool batch compare was last warmed for. */
const warmedCompare = new SameBatchMemo<true>(1);

export async function warmServing(): Promise<{ ms: number; samples: number } | null> {
  const log = logger("web");
  const t0 = performance.now();
  try {
    const model = await servingModel();
    await lexicalFor(model);
    const [active, space] = await Promise.all([activeEmbedder(), servedSpace(TEXT_SPACE)]);
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
    const done = { ms: Math.round(performance.now() - t0), samples: model.samples.size };
    log.info({ duration_ms: done.ms, samples: done.samples }, "serving warmed up: read model, keyword index, vectors, overall leaderboard, compare, model pages' fits");
    return done;
  } catch (err) {
    log.warn({ err, duration_ms: Math.round(performance.now() - t0) }, "warm-up failed; the first requests load what they need");
    return null;
  }
}

/** Starts the warm-up once the server is listening (register() runs before it listens), then keeps the process warm. */
export function warmServingSoon(): void {
  if (!env().WEB_WARM_UP) return;
  setTimeout(async () => {
    // The version before the warm-up: a change during it is caught up by keepWarm's first look.
    const version = await dataVersion().catch(() => null);
    await warmServing();
    keepWarm(env().WEB_REWARM_MS, version);
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
export function keepWarm(intervalMs: number, warmedVersion: number | null, onWarmed?: (version: number) => void): () => void {
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
        if (done) onWarmed?.(version);
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
