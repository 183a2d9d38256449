// Sample vectors, keyed by (space, model, sample): which samples still lack one, writing them in
// batches, and removing a superseded model's in batches. See embedding-spaces.ts for the spaces.
import { pool } from "@/lib/db/client";
import { toHalfPrecision } from "@/lib/db/half-precision";
import { visibleSamplesSql } from "@/lib/db/visibility";
import { coveredSamplesSql, type EmbeddingSpaceRow } from "./embedding-spaces";

/** What an embedder of any modality may read of a sample. */
export interface EmbeddableSampleRow {
  pk: number;
  input: string;
  benchmark: string;
  task: string | null;
  tags: string[];
  metadata: Record<string, unknown> | null;
  imageUrl: string | null;
  /** The stored image (the image space embeds its bytes). */
  imageSha256: string | null;
}

type Space = Pick<EmbeddingSpaceRow, "space" | "modality">;

/** pgvector's text form of a vector. */
export function vectorLiteral(v: ArrayLike<number>): string {
  let s = "[";
  for (let i = 0; i < v.length; i++) s += (i ? "," : "") + (Math.round(v[i] * 1e7) / 1e7).toString();
  return s + "]";
}

/** `afterParam`: only samples above that pk; said inside NOT EXISTS too, or the planner's anti join reads the model's vectors from the first. */
function lacking(space: Space, modelParam: string, visibleOnly: boolean, afterParam?: string): string {
  const after = afterParam ? ` AND e.sample_pk > ${afterParam}` : "";
  const where = [
    ...(afterParam ? [`s.pk > ${afterParam}`] : []),
    coveredSamplesSql(space.modality, "s"),
    `NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.space = $1 AND e.model = ${modelParam} AND e.sample_pk = s.pk${after})`,
  ];
  if (visibleOnly) where.push(visibleSamplesSql("s"));
  return where.join(" AND ");
}

const SAMPLE_COLUMNS = `s.pk, s.input, s.benchmark, s.task, s.tags, s.metadata, s.image_url AS "imageUrl", s.image_sha256 AS "imageSha256"`;

/**
 * The first `limit` samples (by pk, above `afterPk`) the space covers that have no vector from
 * `model`. Samples of uploads still being written are included: they are embedded before they
 * become visible. A run passes the last pk of its previous batch, so that each batch starts where
 * the last one ended instead of stepping over every sample embedded so far.
 */
export async function samplesLackingVector(space: Space, model: string, limit: number, afterPk = 0): Promise<EmbeddableSampleRow[]> {
  const r = await pool().query<EmbeddableSampleRow>(
    `SELECT ${SAMPLE_COLUMNS} FROM samples s WHERE ${lacking(space, "$2", false, "$4")} ORDER BY s.pk LIMIT $3`,
    [space.space, model, limit, afterPk],
  );
  return r.rows;
}

/** Every sample the space covers (visible or not), by pk, in one statement (benchmarks; the fit reads by pk: samplesByPk). */
export async function coveredSamples(space: Space): Promise<EmbeddableSampleRow[]> {
  const r = await pool().query<EmbeddableSampleRow>(
    `SELECT ${SAMPLE_COLUMNS} FROM samples s WHERE ${coveredSamplesSql(space.modality, "s")} ORDER BY s.pk`,
  );
  return r.rows;
}

/**
 * The pks of every sample the space covers (visible or not), ascending: what the offline fallback
 * is fitted on. Read `chunk` at a time (each a short statement, however large the pool).
 */
export async function coveredSamplePks(space: Space, chunk = 20_000): Promise<number[]> {
  const out: number[] = [];
  for (;;) {
    const r = await pool().query<{ pk: number }>(
      `SELECT s.pk FROM samples s WHERE s.pk > $1 AND ${coveredSamplesSql(space.modality, "s")} ORDER BY s.pk LIMIT $2`,
      [out.length ? out[out.length - 1] : 0, chunk],
    );
    for (const row of r.rows) out.push(row.pk);
    if (r.rows.length < chunk) return out;
  }
}

/** These samples (by pk, ascending; pks no longer there are left out). */
export async function samplesByPk(pks: readonly number[]): Promise<EmbeddableSampleRow[]> {
  const r = await pool().query<EmbeddableSampleRow>(`SELECT ${SAMPLE_COLUMNS} FROM samples s WHERE s.pk = ANY($1::int[]) ORDER BY s.pk`, [pks]);
  return r.rows;
}

/**
 * How many samples the space covers have no vector from `model` (every covered sample when model
 * is null); `visibleOnly` counts only those readers can see.
 */
export async function countSamplesLackingVector(space: Space, model: string | null, opts: { visibleOnly: boolean }): Promise<number> {
  const r = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM samples s WHERE ${lacking(space, "$2", opts.visibleOnly)}`, [
    space.space,
    model,
  ]);
  return r.rows[0].n;
}

/**
 * Writes one batch of `model`'s vectors (one statement); a vector already there is kept. Each
 * component is rounded to half precision first (lib/db/half-precision.ts: what lets the read model
 * hold the rows in 16 bits and still compute pgvector's similarities exactly). The vectors travel
 * as one binary `vector[]` parameter (pgvector's binary form, float32): the server then parses no
 * text, which was most of the statement's time on the embedded database.
 */
export async function insertEmbeddings(space: Pick<EmbeddingSpaceRow, "space" | "dim">, model: string, pks: number[], vectors: ArrayLike<number>[]): Promise<number> {
  const db = pool();
  const r = await db.query(
    `INSERT INTO embeddings (space, model, sample_pk, dim, embedding)
     SELECT $1, $2, v.pk, $3, v.e FROM unnest($4::int[], $5::vector[]) AS v(pk, e)
     ON CONFLICT (space, model, sample_pk) DO NOTHING`,
    [space.space, model, space.dim, pks, vectorArrayBinary(await vectorTypeOid(db), vectors.map(toHalfPrecision))],
  );
  return r.rowCount ?? 0;
}

const vectorOids = new WeakMap<object, Promise<number>>();

/** The oid of pgvector's type in this database (a binary array names its element type). */
function vectorTypeOid(db: ReturnType<typeof pool>): Promise<number> {
  let oid = vectorOids.get(db);
  if (!oid) {
    oid = db.query<{ oid: number }>(`SELECT 'vector'::regtype::oid::int AS oid`).then((r) => r.rows[0].oid);
    oid.catch(() => vectorOids.delete(db));
    vectorOids.set(db, oid);
  }
  return oid;
}

/**
 * A one-dimensional `vector[]` in Postgres's binary array form (array_recv): ndim, has-nulls,
 * element oid, length, lower bound, then each element as its length and pgvector's binary form
 * (vector_recv: int16 dim, int16 unused, dim float4), all big-endian. node-pg sends a Buffer
 * parameter in binary format.
 */
export function vectorArrayBinary(elementOid: number, vectors: ArrayLike<number>[]): Buffer {
  let size = 20;
  for (const v of vectors) size += 8 + 4 * v.length;
  const buf = Buffer.allocUnsafe(size);
  buf.writeInt32BE(1, 0);
  buf.writeInt32BE(0, 4);
  buf.writeUInt32BE(elementOid, 8);
  buf.writeInt32BE(vectors.length, 12);
  buf.writeInt32BE(1, 16);
  let o = 20;
  for (const v of vectors) {
    buf.writeInt32BE(4 + 4 * v.length, o);
    buf.writeInt16BE(v.length, o + 4);
    buf.writeInt16BE(0, o + 6);
    o += 8;
    for (let i = 0; i < v.length; i++, o += 4) buf.writeFloatBE(v[i], o);
  }
  return buf;
}

export async function countModelVectors(space: string, model: string): Promise<number> {
  const r = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM embeddings WHERE space = $1 AND model = $2`, [space, model]);
  return r.rows[0].n;
}

/** The models that have vectors in a space (a loose index scan: one probe per model, not per row). */
export async function modelsWithVectors(space: string): Promise<string[]> {
  const r = await pool().query<{ model: string }>(
    `WITH RECURSIVE m AS (
       SELECT min(model) AS model FROM embeddings WHERE space = $1
       UNION ALL
       SELECT (SELECT min(model) FROM embeddings WHERE space = $1 AND model > m.model) FROM m WHERE m.model IS NOT NULL)
     SELECT model FROM m WHERE model IS NOT NULL`,
    [space],
  );
  return r.rows.map((row) => row.model);
}

/** Deletes up to `limit` of `model`'s vectors in a space (one short statement); returns how many. */
export async function deleteModelVectorsBatch(space: string, model: string, limit: number): Promise<number> {
  const r = await pool().query(
    `DELETE FROM embeddings WHERE ctid IN (SELECT ctid FROM embeddings WHERE space = $1 AND model = $2 LIMIT $3)`,
    [space, model, limit],
  );
  return r.rowCount ?? 0;
}

/**
 * VACUUM and ANALYZE of the embeddings table by autovacuum's default rules (dead rows over 50 + 20%
 * of the live ones, or rows inserted since the last vacuum over 1000 + 20%; rows changed since the
 * last ANALYZE over 50 + 10%). A real Postgres does this by itself; the embedded one runs no
 * autovacuum, and without it a superseded model's deleted rows stay in every exact scan's way, the
 * table's visibility map stays empty, and the planner does not know how many vectors a model has.
 */
export async function refreshEmbeddingStatistics(): Promise<"vacuum" | "analyze" | null> {
  // Counters reach pg_stat_* when a session goes idle; make sure this session's are in.
  await pool().query(`SELECT pg_stat_force_next_flush()`).catch(() => undefined);
  const r = await pool().query<{ vacuum: boolean; analyze: boolean }>(
    `SELECT n_dead_tup > 50 + 0.2 * n_live_tup OR n_ins_since_vacuum > 1000 + 0.2 * n_live_tup AS vacuum,
            (last_analyze IS NULL AND last_autoanalyze IS NULL) OR n_mod_since_analyze > 50 + 0.1 * n_live_tup AS analyze
       FROM pg_stat_user_tables WHERE relname = 'embeddings'`,
  );
  const due = r.rows[0];
  if (due?.vacuum) {
    await pool().query(`VACUUM (ANALYZE) embeddings`);
    return "vacuum";
  }
  if (due?.analyze) {
    await pool().query(`ANALYZE embeddings`);
    return "analyze";
  }
  return null;
}
