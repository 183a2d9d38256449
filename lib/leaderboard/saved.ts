// Saved per-concept leaderboards: a stored query (text + filters + method) whose snapshot the
// worker keeps fresh. Named queries only; pages and handlers call these.
import { z } from "zod";
import { pool, withTransaction } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { METHODS } from "@/lib/selection/methods";
import type { LeaderboardQuery } from "@/lib/selection/schema";
import type { LiveLeaderboard } from "./compute";

const list = z.array(z.string().trim().min(1).max(200)).max(50).default([]);

export const savedLeaderboardInput = z.object({
  slug: z
    .string()
    .trim()
    .min(2, "must be at least 2 characters")
    .max(80, "must be at most 80 characters")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single dashes"),
  title: z.string().trim().min(2, "must be at least 2 characters").max(120, "must be at most 120 characters"),
  description: z.string().trim().max(500).optional(),
  query: z.string().trim().max(500).optional(),
  filters: z.object({ benchmark: list, task: list, tag: list, meta: list }).default({ benchmark: [], task: [], tag: [], meta: [] }),
  method: z.enum(METHODS).default("plackett-luce"),
  k: z.number().int().min(1).max(20000).optional(),
  threshold: z.number().min(-1).max(1).optional(),
  baseline: z.string().trim().min(1).max(200).optional(),
});
export type SavedLeaderboardInput = z.infer<typeof savedLeaderboardInput>;

export interface SavedLeaderboard {
  slug: string;
  title: string;
  description: string | null;
  query: string | null;
  filters: SavedLeaderboardInput["filters"];
  method: (typeof METHODS)[number];
  k: number | null;
  threshold: number | null;
  baseline: string | null;
  currentSnapshotId: number | null;
  snapshotVersion: number | null;
  refreshQueuedAt: Date | null;
  refreshStartedAt: Date | null;
  refreshProgress: number | null;
}

export interface Snapshot {
  id: number;
  computedAt: Date;
  dataVersion: number;
  embedderName: string | null;
  method: string;
  nSamples: number;
  nMeasurements: number;
  durationMs: number;
  result: LiveLeaderboard;
}

const COLUMNS = `slug, title, description, query, filters, method, k, threshold, baseline,
  current_snapshot_id AS "currentSnapshotId", snapshot_version AS "snapshotVersion",
  refresh_queued_at AS "refreshQueuedAt", refresh_started_at AS "refreshStartedAt", refresh_progress AS "refreshProgress"`;

/** The leaderboard query a saved leaderboard stands for. */
export function savedQuery(s: Pick<SavedLeaderboard, "query" | "filters" | "method" | "k" | "threshold" | "baseline">): LeaderboardQuery {
  return {
    q: s.query ?? undefined,
    k: s.k ?? undefined,
    threshold: s.threshold ?? undefined,
    benchmark: s.filters.benchmark ?? [],
    task: s.filters.task ?? [],
    tag: s.filters.tag ?? [],
    meta: s.filters.meta ?? [],
    method: s.method,
    baseline: s.baseline ?? undefined,
    models: [],
    prior: undefined,
  };
}

export async function listSavedLeaderboards(): Promise<(SavedLeaderboard & { snapshot: Snapshot | null })[]> {
  const r = await pool().query<SavedLeaderboard>(`SELECT ${COLUMNS} FROM saved_leaderboards ORDER BY created_at, slug`);
  const ids = r.rows.map((row) => row.currentSnapshotId).filter((id): id is number => id !== null);
  const snaps = await loadSnapshots(ids);
  return r.rows.map((row) => ({ ...row, snapshot: row.currentSnapshotId ? (snaps.get(row.currentSnapshotId) ?? null) : null }));
}

export async function getSavedLeaderboard(slug: string): Promise<(SavedLeaderboard & { snapshot: Snapshot | null }) | null> {
  const r = await pool().query<SavedLeaderboard>(`SELECT ${COLUMNS} FROM saved_leaderboards WHERE slug = $1`, [slug]);
  const row = r.rows[0];
  if (!row) return null;
  const snap = row.currentSnapshotId ? (await loadSnapshots([row.currentSnapshotId])).get(row.currentSnapshotId) : undefined;
  return { ...row, snapshot: snap ?? null };
}

async function loadSnapshots(ids: number[]): Promise<Map<number, Snapshot>> {
  if (ids.length === 0) return new Map();
  const r = await pool().query<Snapshot>(
    `SELECT id, computed_at AS "computedAt", data_version AS "dataVersion", embedder_name AS "embedderName", method,
            n_samples AS "nSamples", n_measurements AS "nMeasurements", duration_ms AS "durationMs", result
       FROM leaderboard_snapshots WHERE id = ANY($1::int[])`,
    [ids],
  );
  return new Map(r.rows.map((s) => [s.id, s]));
}

/** Inserts a saved leaderboard; 409 when the slug is taken. */
export async function createSavedLeaderboard(input: SavedLeaderboardInput): Promise<void> {
  const r = await pool().query(
    `INSERT INTO saved_leaderboards (slug, title, description, query, filters, method, k, threshold, baseline, refresh_queued_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now()) ON CONFLICT (slug) DO NOTHING`,
    [input.slug, input.title, input.description ?? null, input.query ?? null, JSON.stringify(input.filters), input.method, input.k ?? null, input.threshold ?? null, input.baseline ?? null],
  );
  if (r.rowCount === 0) throw new ApiError("conflict", `A leaderboard with slug "${input.slug}" already exists`);
}

export async function markRefreshQueued(slugs: string[]): Promise<void> {
  await pool().query(`UPDATE saved_leaderboards SET refresh_queued_at = now() WHERE slug = ANY($1::text[])`, [slugs]);
}

export async function markRefreshProgress(slug: string, progress: number | null, started: boolean): Promise<void> {
  await pool().query(
    `UPDATE saved_leaderboards SET refresh_progress = $2, refresh_started_at = CASE WHEN $3 THEN now() ELSE refresh_started_at END WHERE slug = $1`,
    [slug, progress, started],
  );
}

export async function clearRefresh(slug: string): Promise<void> {
  await pool().query(`UPDATE saved_leaderboards SET refresh_started_at = NULL, refresh_progress = NULL WHERE slug = $1`, [slug]);
}

/** Stores a new snapshot and makes it current in one short transaction: readers see the old one until then. */
export async function swapSnapshot(slug: string, snap: Omit<Snapshot, "id" | "computedAt">): Promise<number> {
  return withTransaction(async (client) => {
    const ins = await client.query<{ id: number }>(
      `INSERT INTO leaderboard_snapshots (slug, data_version, embedder_name, method, n_samples, n_measurements, result, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [slug, snap.dataVersion, snap.embedderName, snap.method, snap.nSamples, snap.nMeasurements, JSON.stringify(snap.result), snap.durationMs],
    );
    const id = ins.rows[0].id;
    await client.query(
      `UPDATE saved_leaderboards SET current_snapshot_id = $2, snapshot_version = $3, refresh_queued_at = NULL, refresh_started_at = NULL, refresh_progress = NULL WHERE slug = $1`,
      [slug, id, snap.dataVersion],
    );
    // Older snapshots stay as history; keep the last few.
    await client.query(
      `DELETE FROM leaderboard_snapshots WHERE slug = $1 AND id NOT IN (SELECT id FROM leaderboard_snapshots WHERE slug = $1 ORDER BY id DESC LIMIT 5)`,
      [slug],
    );
    return id;
  });
}
