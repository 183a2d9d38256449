// Named queries for models. A model row is written by the upload that first names it and follows
// the samples' visibility rule (lib/ingest/visibility.ts): visible once that upload is published.
import { pool } from "@/lib/db/client";
import { visibleSamplesSql } from "@/lib/ingest/visibility";

/** Which of these names are visible models. */
export async function findVisibleModels(names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const r = await pool().query<{ name: string }>(`SELECT m.name FROM models m WHERE m.name = ANY($1::text[]) AND ${visibleSamplesSql("m")}`, [names]);
  return new Set(r.rows.map((row) => row.name));
}

/** Every visible model name, alphabetically. */
export async function listVisibleModels(): Promise<string[]> {
  const r = await pool().query<{ name: string }>(`SELECT m.name FROM models m WHERE ${visibleSamplesSql("m")} ORDER BY m.name`);
  return r.rows.map((row) => row.name);
}
