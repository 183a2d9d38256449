// The data version: one counter bumped whenever what readers see changes (an upload published, an
// embedding run completed), so live caches and snapshots keyed on it know they are stale.
import type pg from "pg";
import { pool } from "@/lib/db/client";

/** Adds one to the data version (inside `client`'s transaction when given); returns the new value. */
export async function bumpDataVersion(client: pg.PoolClient | pg.Pool = pool()): Promise<number> {
  const r = await client.query<{ v: number }>(`UPDATE pool_state SET data_version = data_version + 1, updated_at = now() WHERE id = 1 RETURNING data_version AS v`);
  return r.rows[0].v;
}

export async function dataVersion(): Promise<number> {
  const r = await pool().query<{ v: number }>(`SELECT data_version AS v FROM pool_state WHERE id = 1`);
  return r.rows[0].v;
}
