// Saved per-concept leaderboards: a stored query (text + filters + method) whose snapshot the
// worker keeps fresh: the input schema, and rows with their current snapshot for pages and handlers.
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { getSavedLeaderboardRow, insertSavedLeaderboard, listSavedLeaderboardRows, type SavedLeaderboardRow } from "@/lib/db/queries/saved-leaderboards";
import type { SnapshotRow } from "@/lib/db/queries/snapshots";
import { cachedSnapshots } from "./snapshot-cache";
import { METHODS, type Method } from "@/lib/selection/methods";
import { text, type LeaderboardQuery } from "@/lib/selection/schema";
import type { LiveLeaderboard } from "./compute";

// text(): no NUL, control characters or unpaired surrogates, which the database cannot store (a 400, not a 500).
const list = z.array(text(200).trim().min(1)).max(50).default([]);

export const savedLeaderboardInput = z.object({
  slug: z
    .string()
    .trim()
    .min(2, "must be at least 2 characters")
    .max(80, "must be at most 80 characters")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single dashes"),
  title: text(120).trim().min(2, "must be at least 2 characters"),
  description: text(500).trim().optional(),
  query: text(500).trim().optional(),
  filters: z.object({ benchmark: list, task: list, tag: list, meta: list, exclude_flagged: z.boolean().optional() }).default({ benchmark: [], task: [], tag: [], meta: [] }),
  method: z.enum(METHODS).default("plackett-luce"),
  k: z.number().int().min(1).max(20000).optional(),
  threshold: z.number().min(-1).max(1).optional(),
  baseline: text(200).trim().min(1).optional(),
});
export type SavedLeaderboardInput = z.infer<typeof savedLeaderboardInput>;

export interface SavedLeaderboard extends Omit<SavedLeaderboardRow, "method"> {
  method: Method;
}

export type Snapshot = SnapshotRow<LiveLeaderboard>;

/** Rows are written through `savedLeaderboardInput`, so an unknown method means a damaged row. */
function toSaved(row: SavedLeaderboardRow): SavedLeaderboard {
  const method = METHODS.find((m) => m === row.method);
  if (!method) throw new Error(`saved leaderboard "${row.slug}" has an unknown method "${row.method}"`);
  return { ...row, method };
}

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
    exclude_flagged: s.filters.exclude_flagged === true,
    method: s.method,
    baseline: s.baseline ?? undefined,
    models: [],
    prior: undefined,
    organization: [],
  };
}

export async function listSavedLeaderboards(): Promise<(SavedLeaderboard & { snapshot: Snapshot | null })[]> {
  const rows = (await listSavedLeaderboardRows()).map(toSaved);
  const ids = rows.map((row) => row.currentSnapshotId).filter((id): id is number => id !== null);
  const snaps = await cachedSnapshots<LiveLeaderboard>(ids);
  return rows.map((row) => ({ ...row, snapshot: row.currentSnapshotId ? (snaps.get(row.currentSnapshotId) ?? null) : null }));
}

export async function getSavedLeaderboard(slug: string): Promise<(SavedLeaderboard & { snapshot: Snapshot | null }) | null> {
  const found = await getSavedLeaderboardRow(slug);
  if (!found) return null;
  const row = toSaved(found);
  const snap = row.currentSnapshotId ? (await cachedSnapshots<LiveLeaderboard>([row.currentSnapshotId])).get(row.currentSnapshotId) : undefined;
  return { ...row, snapshot: snap ?? null };
}

/** Inserts a saved leaderboard, its first snapshot queued; 409 when the slug is taken. */
export async function createSavedLeaderboard(input: SavedLeaderboardInput): Promise<void> {
  if (!(await insertSavedLeaderboard(input, { queueRefresh: true }))) {
    throw new ApiError("conflict", `A leaderboard with slug "${input.slug}" already exists`);
  }
}
