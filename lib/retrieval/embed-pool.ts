// The embedding job: gives every sample a vector from the active embedder, in batches (each its own
// short write), and (re)fits the offline fallback first when it has no fit yet or the pool has grown
// enough that its vocabulary and topics are stale. Idempotent and resumable: each run picks the
// samples that still lack a vector from the active embedder, so a killed worker loses one batch.
import { pool } from "@/lib/db/client";
import { env } from "@/lib/env";
import { fitLsa, sampleDocument, serializeLsa } from "@/lib/retrieval/embedder";
import { activeEmbedder, LSA_STATE_NAME, type ActiveEmbedder } from "./active";
import { maintainSearch } from "./hnsw";
import { vectorLiteral } from "./search";

/** Refit the fallback when the pool has grown by this factor since the last fit. */
export const REFIT_GROWTH = 1.25;

interface SampleRow {
  pk: number;
  input: string;
  benchmark: string;
  task: string | null;
  tags: string[];
  metadata: Record<string, unknown> | null;
}

const SAMPLE_COLUMNS = "pk, input, benchmark, task, tags, metadata";

async function fallbackNeedsFit(): Promise<boolean> {
  const r = await pool().query<{ n_docs: number | null; n: number }>(
    `SELECT (SELECT n_docs FROM embedder_state WHERE name = $1) AS n_docs, (SELECT count(*)::int FROM samples) AS n`,
    [LSA_STATE_NAME],
  );
  const { n_docs, n } = r.rows[0];
  return n > 0 && (n_docs === null || n >= n_docs * REFIT_GROWTH);
}

/** Fits the fallback on every sample of the pool and stores it; returns its name. */
export async function fitFallback(): Promise<string> {
  const rows = (await pool().query<SampleRow>(`SELECT ${SAMPLE_COLUMNS} FROM samples ORDER BY pk`)).rows;
  const model = fitLsa(rows.map(sampleDocument));
  const bytes = Buffer.from(serializeLsa(model));
  await pool().query(
    `INSERT INTO embedder_state (name, version, n_docs, params, fitted_at) VALUES ($1, 1, $2, $3, now())
     ON CONFLICT (name) DO UPDATE SET version = embedder_state.version + 1, n_docs = $2, params = $3, fitted_at = now()`,
    [LSA_STATE_NAME, rows.length, bytes],
  );
  return model.name;
}

export interface EmbedProgress {
  embedded: number;
  remaining: number;
}

export interface EmbedRunResult {
  embedder: string | null;
  fitted: boolean;
  embedded: number;
}

export interface EmbedRunOptions {
  /** Vectors above which the HNSW index is built (default HNSW_MIN_VECTORS; tests lower it). */
  hnswMinVectors?: number;
}

export async function embedPendingSamples(
  onProgress?: (p: EmbedProgress) => Promise<void> | void,
  opts: EmbedRunOptions = {},
): Promise<EmbedRunResult> {
  let active: ActiveEmbedder = await activeEmbedder();
  let fitted = false;
  if (active.kind === "fallback" && (await fallbackNeedsFit())) {
    await fitFallback();
    fitted = true;
    active = await activeEmbedder();
  }
  const { embedder, name } = active;
  if (!embedder || !name) return { embedder: null, fitted, embedded: 0 };
  let embedded = 0;
  for (;;) {
    const rows = (
      await pool().query<SampleRow>(
        `SELECT ${SAMPLE_COLUMNS} FROM samples WHERE embedding_model IS DISTINCT FROM $1 OR embedding IS NULL ORDER BY pk LIMIT $2`,
        [name, env().EMBED_BATCH_SIZE],
      )
    ).rows;
    if (rows.length === 0) break;
    const vectors = await embedder.embed(rows.map(sampleDocument));
    await pool().query(
      `WITH v AS (SELECT * FROM unnest($1::int[], $2::text[]) AS v(pk, e))
       UPDATE samples s SET embedding = v.e::vector, embedding_model = $3 FROM v WHERE s.pk = v.pk`,
      [rows.map((r) => r.pk), vectors.map(vectorLiteral), name],
    );
    // Retrieval results change with new vectors: live caches key on the data version.
    await pool().query(`UPDATE pool_state SET data_version = data_version + 1, updated_at = now() WHERE id = 1`);
    embedded += rows.length;
    const remaining = (await pool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM samples WHERE embedding_model IS DISTINCT FROM $1 OR embedding IS NULL`,
      [name],
    )).rows[0].n;
    await onProgress?.({ embedded, remaining });
  }
  // Planner statistics, and an HNSW index where the pool is large (lib/retrieval/hnsw.ts).
  await maintainSearch(name, { minVectors: opts.hnswMinVectors });
  return { embedder: name, fitted, embedded };
}
