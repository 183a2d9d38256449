// Named queries for models. A model row is written by the upload that first names it and follows
// the samples' visibility rule (lib/db/visibility.ts): visible once that upload is published.
import { execute, pool, type Queryable } from "@/lib/db/client";
import { memoByVersion } from "@/lib/db/version-memo";
import { visibleSamplesSql } from "@/lib/db/visibility";

/** Which of these names are visible models (for requests: from the list remembered per data version). */
export async function findVisibleModels(names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const visible = new Set(await servedVisibleModels());
  return new Set(names.filter((n) => visible.has(n)));
}

/** listVisibleModels() as pages and requests read it: remembered per data version (a model becomes visible with a publish). */
export function servedVisibleModels(): Promise<string[]> {
  return memoByVersion("visible-models", () => listVisibleModels());
}

/** Every visible model name, alphabetically. */
export async function listVisibleModels(): Promise<string[]> {
  const r = await pool().query<{ name: string }>(`SELECT m.name FROM models m WHERE ${visibleSamplesSql("m")} ORDER BY m.name`);
  return r.rows.map((row) => row.name);
}

/**
 * Names of the models `ids` as requests read them: every model's name remembered per data version,
 * and the few it lacks read now (a model first uploaded by another process since the remembered
 * version: evidence read fresh from the database can name it already).
 */
export async function servedModelNames(ids: Iterable<number | null>): Promise<Map<number, string>> {
  const served = await memoByVersion("model-names", () => loadModelNames());
  const missing = [...new Set(ids)].filter((id): id is number => id !== null && !served.has(id));
  return missing.length > 0 ? new Map([...served, ...(await loadModelNames(missing))]) : served;
}

/** Names of models by id (all models, or the given ids). */
export async function loadModelNames(ids?: readonly number[], db: Queryable = pool()): Promise<Map<number, string>> {
  const r = ids
    ? await db.query<{ id: number; name: string }>(`SELECT id, name FROM models WHERE id = ANY($1::int[])`, [ids])
    : await db.query<{ id: number; name: string }>(`SELECT id, name FROM models`);
  return new Map(r.rows.map((row) => [row.id, row.name]));
}

/** The ids of the models stored under these names (none inserted: a dry run's look-up). */
export async function findModelIds(names: readonly string[]): Promise<{ id: number; name: string }[]> {
  const r = await pool().query<{ id: number; name: string }>(`SELECT id, name FROM models WHERE name = ANY($1::text[])`, [names]);
  return r.rows;
}

/**
 * The ids of these model names, inserting the missing ones at once (they show nothing by
 * themselves) as written by upload `seq`: a failed upload deletes the models it created.
 */
export async function ensureModels(names: readonly string[], seq: number): Promise<{ id: number; name: string }[]> {
  await execute(pool(), `INSERT INTO models (name, upload_seq) SELECT unnest($1::text[]), $2 ON CONFLICT (name) DO NOTHING`, [names, seq]);
  return findModelIds(names);
}
