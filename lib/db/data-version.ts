// The data version (pool_state.data_version): bumped in the transaction that commits a visible
// change (an upload's publish, new vectors), read to key every cache and to date snapshots. A
// cached answer keyed by it is never stale.
import { execute, pool, type Queryable } from "./client";

export async function dataVersion(db: Queryable = pool()): Promise<number> {
  const r = await db.query<{ v: number }>(`SELECT data_version AS v FROM pool_state WHERE id = 1`);
  return Number(r.rows[0]?.v ?? 0);
}

/** Call inside the transaction that makes the change visible, so readers see both or neither. */
export async function bumpDataVersion(db: Queryable): Promise<void> {
  await execute(db, `UPDATE pool_state SET data_version = data_version + 1, updated_at = now() WHERE id = 1`);
}
