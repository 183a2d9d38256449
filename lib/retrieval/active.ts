// Which embedder is active in this process, and the fitted fallback model it may need. MiniLM is
// tried once per process; the fallback's fitted state lives in the database (`embedder_state`),
// written by the worker, and is re-read here whenever the worker refits it.
import { pool } from "@/lib/db/client";
import { visibleSamplesSql } from "@/lib/ingest/visibility";
import { env } from "@/lib/env";
import { deserializeLsa, selectEmbedder, type Embedder, type EmbedderSelection, type LsaModel } from "@/lib/retrieval/embedder";

export const LSA_STATE_NAME = "fallback-lsa";

interface Cache {
  minilm?: Promise<{ selection: EmbedderSelection | null; reason: string }>;
  lsa?: { fittedAt: number; model: LsaModel };
}
const g = globalThis as unknown as { __portalEmbedder?: Cache };
const cache: Cache = (g.__portalEmbedder ??= {});

export interface ActiveEmbedder {
  kind: "minilm" | "fallback";
  /** Recorded with every vector; null while the fallback has not been fitted yet. */
  name: string | null;
  embedder: Embedder | null;
  reason: string;
}

async function loadLsa(): Promise<LsaModel | null> {
  const r = await pool().query<{ fitted_at: Date }>(`SELECT fitted_at FROM embedder_state WHERE name = $1`, [LSA_STATE_NAME]);
  if (r.rows.length === 0) return null;
  const fittedAt = r.rows[0].fitted_at.getTime();
  if (cache.lsa?.fittedAt !== fittedAt) {
    const p = await pool().query<{ params: Buffer }>(`SELECT params FROM embedder_state WHERE name = $1`, [LSA_STATE_NAME]);
    cache.lsa = { fittedAt, model: deserializeLsa(new Uint8Array(p.rows[0].params)) };
  }
  return cache.lsa.model;
}

/** MiniLM when configured and loadable (tried once per process), else the fitted fallback. */
export async function activeEmbedder(): Promise<ActiveEmbedder> {
  const { EMBEDDER, EMBEDDINGS_MODEL_DIR } = env();
  let why = "EMBEDDER=fallback";
  if (EMBEDDER !== "fallback") {
    cache.minilm ??= selectEmbedder({ mode: EMBEDDER, modelDir: EMBEDDINGS_MODEL_DIR, allowRemote: !EMBEDDINGS_MODEL_DIR, lsa: null }).then(
      (s) => ({ selection: s.kind === "minilm" ? s : null, reason: s.reason.replace(/; offline LSA.*$/, "") }),
      (err: Error) => ({ selection: null, reason: err.message }),
    );
    const minilm = await cache.minilm;
    const m = minilm.selection;
    if (m?.embedder) return { kind: "minilm", name: m.embedder.name, embedder: m.embedder, reason: m.reason };
    if (EMBEDDER === "minilm") throw new Error(minilm.reason);
    why = minilm.reason;
  }
  const selection = await selectEmbedder({ mode: "fallback", lsa: loadLsa });
  return {
    kind: "fallback",
    name: selection.embedder?.name ?? null,
    embedder: selection.embedder,
    reason: selection.embedder ? `${why}: offline LSA fallback ${selection.embedder.name}` : `${why}: offline LSA fallback, not fitted yet (the worker fits it)`,
  };
}

/** Visible samples that still wait for a vector from the active embedder. */
export async function pendingEmbeddings(name: string | null): Promise<number> {
  const r = await pool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM samples s WHERE (s.embedding_model IS DISTINCT FROM $1 OR s.embedding IS NULL) AND ${visibleSamplesSql("s")}`,
    [name],
  );
  return r.rows[0].n;
}
