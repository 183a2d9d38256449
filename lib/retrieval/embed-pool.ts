// The embedding job, per space: gives every sample the space covers a vector from the space's
// target embedder, in batches (each its own short write). Idempotent and resumable: each run picks
// the samples that still lack a vector from the target model, so a killed worker loses one batch.
//
// Catch-up: the target is the active model; new samples get its vectors.
// Switch or refit: the target differs from the active model (EMBEDDER changed, or the fallback was
//   refitted on a grown pool). Its vectors are written beside the active model's, which keeps
//   answering searches; when every sample has one, the space flips to it (one transaction, with
//   the data version). Until the flip, a rollback is `abandonBuild`: the active model never
//   changed. After it, the model's HNSW index is built where it is large (hnsw.ts) and the
//   superseded model's vectors are deleted in small batches.
// The data version moves once per completed run (the flip, or the end of a catch-up that wrote
// vectors), never per batch: live caches recompute once, and only the saved leaderboards the run
// can change go stale (a flip: those with a query; a catch-up: none, see bumpForCatchUp).
import { withTransaction } from "@/lib/db/client";
import { bumpDataVersion } from "@/lib/db/data-version";
import { abandonBuild, activateFirstModel, flipToBuiltModel, getEmbeddingSpace, listEmbeddingSpaces, startBuild } from "@/lib/db/queries/embedding-spaces";
import { countSamplesLackingVector, insertEmbeddings, refreshEmbeddingStatistics, samplesLackingVector } from "@/lib/db/queries/embeddings";
import { carrySnapshotsForward } from "@/lib/db/queries/saved-leaderboards";
import { refreshStatistics } from "@/lib/db/statistics";
import { env } from "@/lib/env";
import { ensureVectorIndex, type VectorIndexResult } from "./hnsw";
import { spaceProvider, TEXT_SPACE } from "./spaces";
import { deleteSupersededVectors } from "./supersede";

/** Batches between two exact counts of the samples left (each a pass over the pool). */
const RECOUNT_EVERY = 10;

export interface EmbedProgress {
  space: string;
  embedded: number;
  remaining: number;
}

export interface EmbedRunResult {
  space: string;
  /** The model whose vectors the run wrote; null when the space has no embedder available. */
  embedder: string | null;
  fitted: boolean;
  embedded: number;
  /** The run completed a switch or refit: `embedder` is the space's active model now. */
  flipped: boolean;
  /** The data version after the run's one bump; null when readers see nothing new. */
  dataVersion: number | null;
  /** Vectors of superseded models deleted after the flip (or after a rolled-back build). */
  removed: number;
  index: VectorIndexResult | null;
}

export interface EmbedRunOptions {
  /** The space to embed (default: text). */
  space?: string;
  /** Vectors above which the HNSW index is built (default HNSW_MIN_VECTORS; tests lower it). */
  hnswMinVectors?: number;
  /** Samples per batch (default EMBED_BATCH_SIZE). */
  batchSize?: number;
}

export async function embedPendingSamples(
  onProgress?: (p: EmbedProgress) => Promise<void> | void,
  opts: EmbedRunOptions = {},
): Promise<EmbedRunResult> {
  const spaceName = opts.space ?? TEXT_SPACE;
  const none: EmbedRunResult = { space: spaceName, embedder: null, fitted: false, embedded: 0, flipped: false, dataVersion: null, removed: 0, index: null };
  const provider = spaceProvider(spaceName);
  if (!provider) return none;
  const target = await provider.target({ fit: true });
  const embedder = target.embedder;
  if (!embedder) return { ...none, fitted: target.fitted };
  const model = embedder.name;
  let space = await getEmbeddingSpace(spaceName);
  if (embedder.dims !== space.dim) throw new Error(`${model} gives ${embedder.dims}-d vectors; the ${spaceName} space holds ${space.dim}-d ones`);

  // A build of another model (the configuration changed again, or a newer fit) is rolled back.
  if (space.buildingModel && space.buildingModel !== model) await abandonBuild(spaceName);
  if (!(await activateFirstModel(spaceName, model)) && space.activeModel !== model) await startBuild(spaceName, model);
  space = await getEmbeddingSpace(spaceName);
  const building = space.buildingModel === model;

  let embedded = 0;
  const batchSize = opts.batchSize ?? env().EMBED_BATCH_SIZE;
  // Batches follow the pk order from where the last one ended; when they reach the end, one more
  // pass from the start catches samples that lost their vector behind it (a changed input).
  let after = 0;
  // What is left is counted (a pass over the pool) every RECOUNT_EVERY batches, and in between
  // is that count less what the run wrote since.
  let counted = 0;
  let writtenSinceCount = 0;
  for (let batch = 0; ; batch++) {
    const rows = await samplesLackingVector(space, model, batchSize, after);
    if (rows.length === 0) {
      if (after === 0) break;
      after = 0;
      continue;
    }
    const vectors = await embedder.embedSamples(rows);
    const written = await insertEmbeddings(space, model, rows.map((r) => r.pk), vectors);
    embedded += rows.length;
    after = rows[rows.length - 1].pk;
    if (batch % RECOUNT_EVERY === 0 || rows.length < batchSize) {
      counted = await countSamplesLackingVector(space, model, { visibleOnly: false });
      writtenSinceCount = 0;
    } else writtenSinceCount += written;
    await onProgress?.({ space: spaceName, embedded, remaining: Math.max(0, counted - writtenSinceCount) });
  }
  // Statistics first (the planner needs the model's row count), then the data version, then the
  // index where the model is large. Requests search the read models in memory and never read the
  // index, so they need not wait for it: on a native server at 100k vectors it took 99 s, during
  // which the web processes kept the previous version's state (no vectors on a first run: every
  // capability query answered 503 "not ready" although none was pending).
  if (embedded > 0) await refreshEmbeddingStatistics();
  await refreshStatistics();
  const dataVersion = building ? await flipToBuiltModel(spaceName, model) : embedded > 0 ? await bumpForCatchUp() : null;
  const index = await ensureVectorIndex(space, model, { minVectors: opts.hnswMinVectors });
  const removed = await deleteSupersededVectors(spaceName);
  if (removed.vectors > 0) await refreshEmbeddingStatistics();
  return { space: spaceName, embedder: model, fitted: target.fitted, embedded, flipped: building && dataVersion !== null, dataVersion, removed: removed.vectors, index };
}

/**
 * The data version of a catch-up (new samples got the active model's vectors). It changes no
 * current snapshot: the uploads that added those samples already marked the leaderboards they can
 * touch, and a query's snapshot is only computed with no vector pending. So current snapshots are
 * carried forward in the same transaction instead of every saved leaderboard going stale.
 */
function bumpForCatchUp(): Promise<number> {
  return withTransaction(async (db) => {
    const version = await bumpDataVersion(db);
    await carrySnapshotsForward(db, version, { queryBased: true });
    return version;
  });
}

/** One run for every space that has an embedder. */
export async function embedAllSpaces(
  onProgress?: (p: EmbedProgress) => Promise<void> | void,
  opts: Omit<EmbedRunOptions, "space"> = {},
): Promise<EmbedRunResult[]> {
  const out: EmbedRunResult[] = [];
  for (const { space } of await listEmbeddingSpaces()) {
    if (spaceProvider(space)) out.push(await embedPendingSamples(onProgress, { ...opts, space }));
  }
  return out;
}

/**
 * The spaces with embedding work: no active model yet, a build under way or due (another target,
 * a refit), or samples without an active-model vector. Spaces without an embedder never have any.
 */
export async function spacesWithEmbeddingWork(): Promise<string[]> {
  const out: string[] = [];
  for (const row of await listEmbeddingSpaces()) {
    const provider = spaceProvider(row.space);
    if (!provider) continue;
    const target = await provider.target({ fit: false });
    const model = target.embedder?.name;
    const due =
      target.refitDue ||
      (!!model && (row.activeModel !== model || row.buildingModel !== null || (await countSamplesLackingVector(row, model, { visibleOnly: false })) > 0));
    if (due) out.push(row.space);
  }
  return out;
}
