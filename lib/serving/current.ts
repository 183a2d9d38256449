// The process's read model (cached on globalThis, so Next.js module reloads share it). A request
// polls the data version (at most one poll in flight); when it moved, one refresh starts and every
// request shares it. The first load is awaited (there is nothing else to serve); after that a
// request waits for an incremental update at most FRESH_WAIT_MS and is otherwise served from the
// previous version, so a long reload never blocks readers.
import { readVersionStamp } from "@/lib/db/queries/read-model";
import { loadReadModel, sameVersion, updateReadModel, type ReadModel } from "./read-model";

const FRESH_WAIT_MS = 1000;

interface Holder {
  model?: ReadModel;
  loading?: Promise<ReadModel>;
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

/** The read model to answer a request with: current, or the previous version while a refresh runs. */
export async function servingModel(): Promise<ReadModel> {
  const model = holder.model;
  if (!model) return refresh();
  const now = await readVersionStamp();
  if (sameVersion(now, model.publish)) return model;
  const pending = refresh();
  const timeout = new Promise<ReadModel>((resolve) => setTimeout(() => resolve(model), FRESH_WAIT_MS).unref());
  return Promise.race([pending, timeout]);
}

/** Drops this process's read model (for a database emptied under it, as tests do): the next request loads anew. */
export function forgetReadModel(): void {
  holder.model = undefined;
  holder.loading = undefined;
  holder.generation++;
}

/** The data version of the read model requests are answered from now (null before the first load). */
export function servedVersion(): number | null {
  return holder.model?.version ?? null;
}
