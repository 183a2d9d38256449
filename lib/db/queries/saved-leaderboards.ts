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

/** A filter list of the saved leaderboard `l`: empty means "any". */
const filterList = (key: "benchmark" | "task" | "tag") => `COALESCE(l.filters->'${key}', '[]'::jsonb)`;
const anyOrMatches = (key: "benchmark" | "task", col: string) => `(jsonb_array_length(${filterList(key)}) = 0 OR (${col} IS NOT NULL AND ${filterList(key)} ? ${col}))`;

/**
 * In the publish transaction of upload `seq`, which moved the data version to `version`: marks for
 * refresh the saved leaderboards whose selection can change, and carries the others' current
 * snapshots forward to `version`; returns the slugs marked. A leaderboard can change when a sample
 * the upload added, or gave measurements, passes its benchmark, task and tag filters (metadata
 * filters are not checked: a superset). With `all` (sample contents were rewritten, so a sample may
 * have left a filter; or model facts were uploaded), every leaderboard is marked.
 */
export async function markTouchedRefreshQueued(db: Queryable, seq: number, version: number, all: boolean): Promise<string[]> {
  const r = await db.query<{ slug: string }>(
    `WITH touched AS (
       SELECT DISTINCT s.benchmark, s.task, s.tags FROM samples s
        WHERE s.upload_seq = $1 OR s.pk IN (SELECT m.sample_pk FROM measurements m WHERE m.upload_seq = $1)
     )
     UPDATE saved_leaderboards l SET refresh_queued_at = now()
      WHERE $2::bool OR EXISTS (
        SELECT 1 FROM touched t
         WHERE ${anyOrMatches("benchmark", "t.benchmark")} AND ${anyOrMatches("task", "t.task")}
           AND (jsonb_array_length(${filterList("tag")}) = 0 OR ${filterList("tag")} ?| t.tags))
     RETURNING slug`,
    [seq, all],
  );
  const slugs = r.rows.map((row) => row.slug);
  await carrySnapshotsForward(db, version, { except: slugs, queryBased: true });
  return slugs;
}

/**
 * The data version moved to `version` by a change that cannot alter these leaderboards: their
 * snapshots current at `version - 1` are current at `version` too (the snapshot keeps the data
 * version it was computed at, which pages show). Without `queryBased`, only filter-only
 * leaderboards are carried (vectors changed: a query's retrieved set may move).
 */
export async function carrySnapshotsForward(db: Queryable, version: number, opts: { except?: readonly string[]; queryBased: boolean }): Promise<number> {
  return execute(
    db,
    `UPDATE saved_leaderboards SET snapshot_version = $1
      WHERE snapshot_version = $1 - 1 AND current_snapshot_id IS NOT NULL AND NOT (slug = ANY($2::text[])) AND ($3::bool OR query IS NULL)`,
    [version, opts.except ?? [], opts.queryBased],
  );
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

/** Slugs marked for a refresh that has not yet run, by slug. */
export async function listRefreshQueued(): Promise<string[]> {
  const r = await pool().query<{ slug: string }>(`SELECT slug FROM saved_leaderboards WHERE refresh_queued_at IS NOT NULL ORDER BY slug`);
  return r.rows.map((row) => row.slug);
}

/** Forgets every pending refresh mark (the benchmarks and tests start from a quiet state). */
export async function clearRefreshMarks(): Promise<void> {
  await execute(pool(), `UPDATE saved_leaderboards SET refresh_queued_at = NULL`);
}
