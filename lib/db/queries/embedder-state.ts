// Fitted offline fallback embedders (lib/retrieval/embedder/fallback-lsa.ts), one row per fit,
// keyed by the fit's model name: the active fit keeps embedding queries while a refit's vectors
// are written beside its own.
import { pool } from "@/lib/db/client";
import { forgetVersionMemo } from "@/lib/db/version-memo";

export interface FallbackFitInfo {
  name: string;
  /** Samples in the pool when it was fitted. */
  nDocs: number;
  fittedAt: Date;
}

/** The most recent fit (the one the worker builds with), if any. */
export async function newestFallbackFit(): Promise<FallbackFitInfo | null> {
  const r = await pool().query<FallbackFitInfo>(
    `SELECT name, n_docs AS "nDocs", fitted_at AS "fittedAt" FROM embedder_state ORDER BY fitted_at DESC, name LIMIT 1`,
  );
  return r.rows[0] ?? null;
}

/** Bytes per part of a stored fit: each part is one statement of a few hundred ms at most. */
export const FIT_PART_BYTES = 1 << 20;

/** The stored parameters of one fit, or null when there is no such fit. */
export async function fallbackFitParams(name: string): Promise<Uint8Array | null> {
  const r = await pool().query<{ params: Buffer; parts: number }>(
    `SELECT params, (SELECT count(*)::int FROM embedder_state_parts p WHERE p.name = e.name) AS parts FROM embedder_state e WHERE name = $1`,
    [name],
  );
  const row = r.rows[0];
  if (!row) return null;
  if (row.params.length > 0 || row.parts === 0) return new Uint8Array(row.params);
  // One statement per part: reading the whole fit at once held the embedded session for seconds.
  const parts: Buffer[] = [];
  for (let part = 0; part < row.parts; part++) {
    const p = await pool().query<{ bytes: Buffer }>(`SELECT bytes FROM embedder_state_parts WHERE name = $1 AND part = $2`, [name, part]);
    if (!p.rows[0]) throw new Error(`fit ${name}: part ${part} of ${row.parts} is missing`);
    parts.push(p.rows[0].bytes);
  }
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Stores a fit: its parts first (each a short statement), then its row, so that readers see the fit
 * only once it is complete. Parts of one name always hold the same bytes (the name is their hash).
 */
export async function saveFallbackFit(name: string, nDocs: number, params: Uint8Array, partBytes = FIT_PART_BYTES): Promise<void> {
  const bytes = Buffer.from(params.buffer, params.byteOffset, params.byteLength);
  let part = 0;
  for (let at = 0; at < bytes.length; at += partBytes, part++) {
    await pool().query(
      `INSERT INTO embedder_state_parts (name, part, bytes) VALUES ($1, $2, $3)
       ON CONFLICT (name, part) DO UPDATE SET bytes = $3, written_at = now()`,
      [name, part, bytes.subarray(at, at + partBytes)],
    );
  }
  await pool().query(`DELETE FROM embedder_state_parts WHERE name = $1 AND part >= $2`, [name, part]);
  await pool().query(
    `INSERT INTO embedder_state (name, n_docs, params, fitted_at) VALUES ($1, $2, '\\x', now())
     ON CONFLICT (name) DO UPDATE SET n_docs = $2, params = '\\x', fitted_at = now()`,
    [name, nDocs],
  );
  forgetVersionMemo();
}

/** Deletes the fits no space uses any more, except the newest (it may be about to be built). */
export async function deleteFallbackFitsExcept(keep: string[]): Promise<string[]> {
  const r = await pool().query<{ name: string }>(
    `DELETE FROM embedder_state WHERE name <> ALL($1::text[])
        AND name <> (SELECT name FROM embedder_state ORDER BY fitted_at DESC, name LIMIT 1)
     RETURNING name`,
    [keep],
  );
  // Parts of deleted fits, and of fits that never finished (written over an hour ago without a row).
  await pool().query(
    `DELETE FROM embedder_state_parts p WHERE NOT EXISTS (SELECT 1 FROM embedder_state e WHERE e.name = p.name)
        AND (p.name = ANY($1::text[]) OR p.written_at < now() - interval '1 hour')`,
    [r.rows.map((row) => row.name)],
  );
  return r.rows.map((row) => row.name);
}

/** Samples in the pool (visible or not): the fallback is refitted when it has grown enough. */
export async function countAllSamples(): Promise<number> {
  const r = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM samples`);
  return r.rows[0].n;
}
