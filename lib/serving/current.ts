// The process's read model (cached on globalThis, so Next.js module reloads share it). A request
// polls the data version (at most one poll in flight); when it moved, one refresh starts and every
// request shares it. The first load is awaited (there is nothing else to serve); after that a
// request waits for the poll and an incremental update at most FRESH_WAIT_MS together and is
// otherwise served from the version it has, so neither a long reload nor a background job's long
// statement blocks readers.
import { readVersionStamp, type VersionStamp } from "@/lib/db/queries/read-model";
import { forgetVersionMemo, notePolledStamp, polledRecently } from "@/lib/db/version-memo";
import { forgetIncrementalBatch } from "./incremental-batch";
import { loadReadModel, sameVersion, updateReadModel, type ReadModel } from "./read-model";

export const FRESH_WAIT_MS = 1000;

interface Holder {
  model?: ReadModel;
  loading?: Promise<ReadModel>;
  polling?: Promise<VersionStamp>;
  /** The last poll's answer. */
  stamp?: VersionStamp;
  /** Bumped by forgetReadModel: a load started before it must not install its model. */
  generation: number;
}

const g = globalThis as unknown as { __portalReadModel?: Holder };
const holder = (g.__portalReadModel ??= { generation: 0 });

function refresh(): Promise<ReadModel> {
  const generation = holder.generation;
  holder.loading ??= (async () => {
    try {
      const current = holder.model;
      const next = current && (await updateReadModel(current)) ? current : await loadReadModel(current);
      if (holder.generation === generation) holder.model = next;
      return next;
    } finally {
      if (holder.generation === generation) holder.loading = undefined;
    }
  })();
  return holder.loading;
}

/** Records what a version poll read: small request-path reads are remembered under it (lib/db/version-memo.ts). */
function noted(stamp: VersionStamp): VersionStamp {
  notePolledStamp(stamp);
  return (holder.stamp = stamp);
}

/** A version poll, shared by the requests that arrive while it runs (at most one in flight). */
function poll(): Promise<VersionStamp> {
  holder.polling ??= readVersionStamp()
    .then(noted)
    .finally(() => {
      holder.polling = undefined;
    });
  return holder.polling;
}

/** `p`'s value, or undefined when it takes longer than `ms`. */
async function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), Math.max(0, ms))));
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The read model to answer a request with: current, or the one it has while the database is busy
 * (a poll slower than FRESH_WAIT_MS: a background job's statement holds the embedded database's one
 * session) or while a newer version loads. The budget covers poll and update together.
 */
export async function servingModel(): Promise<ReadModel> {
  const model = holder.model;
  if (!model) return (await Promise.all([refresh(), poll()]))[0];
  const deadline = Date.now() + FRESH_WAIT_MS;
  const now = await within(poll(), FRESH_WAIT_MS);
  if (now === undefined || sameVersion(now, model.publish)) return model;
  return (await within(refresh(), deadline - Date.now())) ?? model;
}

/** Rounds of currentModel: read the version, bring the model to it (a publish may land meanwhile). */
const CURRENT_ROUNDS = 5;

/**
 * The read model of the version published before this call, however long the database takes to
 * say so and the update to run: for background work that stores what it computes (a saved
 * leaderboard's refresh). servingModel's budget is for requests; a refresh held to it answered
 * from the version before an upload whenever the worker's poll or update took over a second —
 * under bench:load's traffic, three refreshes in a row of the whole-pool board after a 4 MB upload
 * found their inputs "unchanged" (each gathering the whole pool to say so) and queued themselves
 * again. Its own poll, not the shared one, which may have started before that publish; after
 * CURRENT_ROUNDS publishes that kept landing, the newest model it reached (the refresh queues
 * itself again when the pool moved on).
 */
export async function currentModel(): Promise<ReadModel> {
  let model = holder.model ?? (await servingModel());
  for (let round = 0; round < CURRENT_ROUNDS; round++) {
    const stamp = noted(await readVersionStamp());
    if (sameVersion(stamp, model.publish)) return model;
    model = await refresh();
  }
  return model;
}

/** The read model this process holds now, without polling or loading (null before the first load). */
export function heldReadModel(): ReadModel | null {
  return holder.model ?? null;
}

/** A stamp as one string: version, when it was bumped, health run, saved leaderboards' state. */
const stampString = (s: VersionStamp) => `${s.dataVersion}:${s.versionAt.getTime()}:${s.healthRun ?? "-"}:${s.saved}`;

/**
 * The pool's state the held read model answers from, as one string, when the last poll read that
 * same version (null before the first load, or while the model is behind the last poll): what a
 * page rendered now is a function of, for the rendered-page cache (lib/web/page-cache.ts).
 */
export function heldStamp(): string | null {
  const { model, stamp } = holder;
  return model && stamp && sameVersion(stamp, model.publish) ? stampString(stamp) : null;
}

/**
 * heldStamp after a recent poll (lib/db/version-memo.ts polledRecently: one is made, shared, when
 * the last is older than RECENT_MS or was a background one):
 * whether a page rendered earlier is still what a render now would give, without rendering it. A
 * poll slower than FRESH_WAIT_MS (the embedded database's one session held by a background job) is
 * not waited for, as servingModel does not: the state this process answers from is the last one
 * it read.
 */
export async function freshStamp(): Promise<string | null> {
  if (!polledRecently()) await within(poll(), FRESH_WAIT_MS);
  return heldStamp();
}

/** The latest finished health run as the last version poll saw it (null before any poll). */
export function polledHealthRun(): number | null {
  return holder.stamp?.healthRun ?? null;
}

/** Drops this process's read model (for a database emptied under it, as tests do): the next request loads anew. */
export function forgetReadModel(): void {
  holder.model = undefined;
  holder.loading = undefined;
  holder.polling = undefined;
  holder.stamp = undefined;
  holder.generation++;
  forgetVersionMemo();
  forgetIncrementalBatch();
}
