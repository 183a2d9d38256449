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

/** The stored parameters of one fit, or null when there is no such fit. */
export async function fallbackFitParams(name: string): Promise<Uint8Array | null> {
  const r = await pool().query<{ params: Buffer }>(`SELECT params FROM embedder_state WHERE name = $1`, [name]);
  return r.rows[0] ? new Uint8Array(r.rows[0].params) : null;
}

export async function saveFallbackFit(name: string, nDocs: number, params: Uint8Array): Promise<void> {
  await pool().query(
    `INSERT INTO embedder_state (name, n_docs, params, fitted_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (name) DO UPDATE SET n_docs = $2, params = $3, fitted_at = now()`,
    [name, nDocs, Buffer.from(params.buffer, params.byteOffset, params.byteLength)],
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
  return r.rows.map((row) => row.name);
}

/** Samples in the pool (visible or not): the fallback is refitted when it has grown enough. */
export async function countAllSamples(): Promise<number> {
  const r = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM samples`);
  return r.rows[0].n;
}
