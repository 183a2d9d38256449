// What /api/health reports about the database: reachable, migrations current.
import { pool, type Queryable } from "@/lib/db/client";
import { migrationStatus } from "@/lib/db/migrate";

/** The cheapest round trip to the database. */
export async function ping(db: Queryable = pool()): Promise<void> {
  await db.query<{ one: number }>("SELECT 1 AS one");
}

export interface DatabaseHealth {
  reachable: boolean;
  latencyMs: number;
  migrations: { current: boolean; applied: number; pending: string[]; modified: string[] };
  error?: string;
}

export async function getDatabaseHealth(): Promise<DatabaseHealth> {
  const t0 = performance.now();
  try {
    await ping();
    const latencyMs = Math.round((performance.now() - t0) * 10) / 10;
    const s = await migrationStatus(pool());
    return {
      reachable: true,
      latencyMs,
      migrations: { current: s.pending.length === 0 && s.modified.length === 0, applied: s.applied.length, pending: s.pending, modified: s.modified },
    };
  } catch (err) {
    return { reachable: false, latencyMs: 0, migrations: { current: false, applied: 0, pending: [], modified: [] }, error: (err as Error).message };
  }
}
