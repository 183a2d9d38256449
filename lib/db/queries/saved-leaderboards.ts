// Named queries on `saved_leaderboards`: stored queries whose snapshots the worker keeps fresh
// (snapshots themselves: ./snapshots.ts).
import { execute, pool, type Queryable } from "@/lib/db/client";

export interface SavedFilters {
  benchmark: string[];
  task: string[];
  tag: string[];
  meta: string[];
  /** Leave out what the health check flagged (exclude_flagged=true). */
  exclude_flagged?: boolean;
}

export interface SavedLeaderboardRow {
  slug: string;
  title: string;
  description: string | null;
  query: string | null;
  filters: SavedFilters;
  method: string;
  k: number | null;
  threshold: number | null;
  baseline: string | null;
  currentSnapshotId: number | null;
  snapshotVersion: number | null;
  refreshQueuedAt: Date | null;
  refreshStartedAt: Date | null;
  refreshProgress: number | null;
}

const COLUMNS = `slug, title, description, query, filters, method, k, threshold, baseline,
  current_snapshot_id AS "currentSnapshotId", snapshot_version AS "snapshotVersion",
  refresh_queued_at AS "refreshQueuedAt", refresh_started_at AS "refreshStartedAt", refresh_progress AS "refreshProgress"`;

/** Every saved leaderboard, oldest first. */
export async function listSavedLeaderboardRows(): Promise<SavedLeaderboardRow[]> {
  const r = await pool().query<SavedLeaderboardRow>(`SELECT ${COLUMNS} FROM saved_leaderboards ORDER BY created_at, slug`);
  return r.rows;
}

export async function getSavedLeaderboardRow(slug: string): Promise<SavedLeaderboardRow | null> {
  const r = await pool().query<SavedLeaderboardRow>(`SELECT ${COLUMNS} FROM saved_leaderboards WHERE slug = $1`, [slug]);
  return r.rows[0] ?? null;
}

export interface NewSavedLeaderboard {
  slug: string;
  title: string;
  description?: string;
  query?: string;
  filters: SavedFilters;
  method: string;
  k?: number;
  threshold?: number;
  baseline?: string;
}

/** Inserts a saved leaderboard unless its slug is taken; whether it was inserted. */
/**
 * Lists show saved leaderboards by `created_at`; `createdAt` pins it (the defaults are inserted
 * with consecutive milliseconds, so they list in their declared order however fast the inserts run).
 */
export async function insertSavedLeaderboard(s: NewSavedLeaderboard, opts: { queueRefresh: boolean; createdAt?: Date }): Promise<boolean> {
  const inserted = await execute(
    pool(),
    `INSERT INTO saved_leaderboards (slug, title, description, query, filters, method, k, threshold, baseline, refresh_queued_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10 THEN now() END, COALESCE($11, now())) ON CONFLICT (slug) DO NOTHING`,
    [s.slug, s.title, s.description ?? null, s.query ?? null, JSON.stringify(s.filters), s.method, s.k ?? null, s.threshold ?? null, s.baseline ?? null, opts.queueRefresh, opts.createdAt ?? null],
  );
  return inserted === 1;
}

export async function markRefreshQueued(slugs: readonly string[]): Promise<void> {
  await execute(pool(), `UPDATE saved_leaderboards SET refresh_queued_at = now() WHERE slug = ANY($1::text[])`, [slugs]);
}

/** Marks every saved leaderboard for refresh (in the publish transaction); returns their slugs. */
export async function markAllRefreshQueued(db: Queryable): Promise<string[]> {
  const r = await db.query<{ slug: string }>(`UPDATE saved_leaderboards SET refresh_queued_at = now() RETURNING slug`);
  return r.rows.map((row) => row.slug);
}

export async function markRefreshProgress(slug: string, progress: number | null, started: boolean): Promise<void> {
  await execute(
    pool(),
    `UPDATE saved_leaderboards SET refresh_progress = $2, refresh_started_at = CASE WHEN $3 THEN now() ELSE refresh_started_at END WHERE slug = $1`,
    [slug, progress, started],
  );
}

export async function clearRefresh(slug: string): Promise<void> {
  await execute(pool(), `UPDATE saved_leaderboards SET refresh_started_at = NULL, refresh_progress = NULL WHERE slug = $1`, [slug]);
}

/** Slugs whose current snapshot is missing or of another data version than `version`. */
export async function listStaleSlugs(version: number): Promise<string[]> {
  const r = await pool().query<{ slug: string }>(
    `SELECT slug FROM saved_leaderboards WHERE current_snapshot_id IS NULL OR snapshot_version IS DISTINCT FROM $1 ORDER BY slug`,
    [version],
  );
  return r.rows.map((row) => row.slug);
}
