// The data version (pool_state.data_version): one counter bumped whenever what readers see changes
// (an upload published, an embedding run completed), read to key every cache and to date
// snapshots. A cached answer keyed by it is never stale.
import { pool, type Queryable } from "./client";
import { forgetVersionMemo, memoByVersion } from "./version-memo";

export async function dataVersion(db: Queryable = pool()): Promise<number> {
  const r = await db.query<{ v: number }>(`SELECT data_version AS v FROM pool_state WHERE id = 1`);
  return Number(r.rows[0]?.v ?? 0);
}

/** The data version as pages and requests read it: remembered under the polled version stamp. */
export function servedDataVersion(): Promise<number> {
  return memoByVersion("data-version", () => dataVersion());
}

/**
 * Adds one to the data version and returns the new value. Pass the transaction that makes the
 * change visible, so readers see both or neither.
 */
export async function bumpDataVersion(db: Queryable = pool()): Promise<number> {
  const r = await db.query<{ v: number }>(`UPDATE pool_state SET data_version = data_version + 1, updated_at = now() WHERE id = 1 RETURNING data_version AS v`);
  // This process reads its own writes: nothing remembered under the old version is used again.
  forgetVersionMemo();
  return r.rows[0].v;
}
