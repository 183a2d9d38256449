// Chunked reads for the serving read model (lib/serving/read-model.ts): short keyset-paginated
// queries, never one long transaction, so the embedded database stays responsive while a web
// process loads the pool. Visibility is evaluated against an explicit publish state (the largest
// upload seq and the unpublished seqs at or below it, read in one statement with the data version)
// instead of the live rule of lib/db/visibility.ts: every chunk of one load then sees the same
// set of published uploads, even while uploads publish between chunks.
import { pool } from "@/lib/db/client";
import { statusSql, UPLOAD_STATUS } from "@/lib/db/upload-status";
import type { RankingTuple } from "./measurements";

/** The uploads published at one moment: every seq ≤ maxSeq except `pending`. */
export interface PublishState {
  dataVersion: number;
  /** When the data version was last bumped: with the counter, it names one version. */
  versionAt: Date;
  maxSeq: number;
  pending: number[];
  /** Database clock when it was read (watermark for sample content updates). */
  readAt: Date;
}

/** What the cheap poll of every request reads: the data version, when it was last bumped, and the
 * latest finished health run (a check finishes after the version it checked: its flags count too). */
export interface VersionStamp extends Pick<PublishState, "dataVersion" | "versionAt"> {
  healthRun: number | null;
  /**
   * The saved leaderboards' state as pages show it (each one's snapshot and whether a refresh is
   * queued or running), digested: what the rendered-page cache (lib/web/page-cache.ts) keys the
   * home page under besides the version.
   */
  saved: string;
}

export async function readVersionStamp(): Promise<VersionStamp> {
  const r = await pool().query<{ v: string | number; v_at: Date; health_run: number | null; saved: string | null }>(
    `SELECT data_version AS v, updated_at AS v_at, (SELECT max(id) FROM health_runs WHERE status = 'done') AS health_run,
            (SELECT md5(string_agg(concat_ws(',', slug, current_snapshot_id, refresh_queued_at IS NOT NULL, refresh_started_at IS NOT NULL), ';' ORDER BY slug)) FROM saved_leaderboards) AS saved
       FROM pool_state WHERE id = 1`,
  );
  const row = r.rows[0];
  return { dataVersion: Number(row.v), versionAt: row.v_at, healthRun: row.health_run, saved: row.saved ?? "" };
}

export async function readPublishState(): Promise<PublishState> {
  const r = await pool().query<{ v: string | number; v_at: Date; max_seq: number; pending: number[]; read_at: Date }>(
    `SELECT p.data_version AS v, p.updated_at AS v_at, COALESCE(max(u.seq), 0) AS max_seq,
            COALESCE(array_agg(u.seq) FILTER (WHERE u.status <> ${statusSql(UPLOAD_STATUS.done)}), '{}') AS pending, clock_timestamp() AS read_at
       FROM pool_state p LEFT JOIN uploads u ON true WHERE p.id = 1 GROUP BY p.data_version, p.updated_at`,
  );
  const row = r.rows[0];
  return { dataVersion: Number(row.v), versionAt: row.v_at, maxSeq: row.max_seq, pending: row.pending, readAt: row.read_at };
}

/** Seqs of uploads published in `now` but not in `before`. */
export async function newlyPublished(before: PublishState, now: PublishState): Promise<number[]> {
  const r = await pool().query<{ seq: number }>(
    `SELECT seq FROM uploads WHERE seq <= $1 AND (seq > $2 OR seq = ANY($3::int[])) AND NOT (seq = ANY($4::int[]))`,
    [now.maxSeq, before.maxSeq, before.pending, now.pending],
  );
  return r.rows.map((row) => row.seq);
}

const published = (col: string, first: number) => `(${col} <= $${first} AND NOT (${col} = ANY($${first + 1}::int[])))`;
const sampleVisible = (first: number) => `(s.upload_seq IS NULL OR ${published("s.upload_seq", first)})`;

/**
 * One sample's filter columns; metadata as parallel key/value text arrays (`metadata->>key`);
 * hasImage: a stored image or an image_url (the `modality` filter, as in embeddings-search.ts).
 */
export type SampleTuple = [pk: number, id: string, benchmark: string, task: string | null, tags: string[], metaKeys: string[] | null, metaValues: string[] | null, hasImage: boolean];

const SAMPLE_COLUMNS = `s.pk, s.id, s.benchmark, s.task, s.tags, m.keys, m.vals, (s.image_sha256 IS NOT NULL OR s.image_url IS NOT NULL)
  FROM samples s LEFT JOIN LATERAL (SELECT array_agg(j.key) AS keys, array_agg(j.value) AS vals FROM jsonb_each_text(s.metadata) j WHERE j.value IS NOT NULL) m ON true`;

/** Visible samples with pk > `after`, the first `limit` by pk. */
export async function pageVisibleSamples(state: PublishState, after: number, limit: number): Promise<SampleTuple[]> {
  const r = await pool().query<SampleTuple>({
    text: `SELECT ${SAMPLE_COLUMNS} WHERE s.pk > $1 AND ${sampleVisible(2)} ORDER BY s.pk LIMIT $4`,
    values: [after, state.maxSeq, state.pending, limit],
    rowMode: "array",
  });
  return r.rows;
}

/** Visible samples written by these uploads, or whose content changed at or after `since`. */
export async function changedSamples(state: PublishState, seqs: readonly number[], since: Date): Promise<SampleTuple[]> {
  const r = await pool().query<SampleTuple>({
    text: `SELECT ${SAMPLE_COLUMNS} WHERE (s.upload_seq = ANY($1::int[]) OR s.updated_at >= $2) AND ${sampleVisible(3)} ORDER BY s.pk`,
    values: [seqs, since, state.maxSeq, state.pending],
    rowMode: "array",
  });
  return r.rows;
}

export async function countVisibleSamples(state: PublishState): Promise<number> {
  const r = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM samples s WHERE ${sampleVisible(1)}`, [state.maxSeq, state.pending]);
  return r.rows[0].n;
}

export type MeasurementTuple = RankingTuple;

/**
 * Visible measurements of these samples, by sample pk then physical position: the order an index
 * scan on sample_pk returns them in, which order-dependent fits (Elo) have always seen.
 */
export async function visibleMeasurementsOf(state: PublishState, samplePks: readonly number[]): Promise<MeasurementTuple[]> {
  if (samplePks.length === 0) return [];
  const r = await pool().query<MeasurementTuple>({
    text: `SELECT m.sample_pk, m.kind, m.key, m.model_id, m.model_b_id, m.value, m.higher_is_better, m.winner, m.tiers
             FROM measurements m
            WHERE m.sample_pk = ANY($1::int[]) AND ${published("m.upload_seq", 2)}
              AND (m.superseded_by IS NULL OR NOT ${published("m.superseded_by", 2)})
            ORDER BY m.sample_pk, m.ctid`,
    values: [samplePks, state.maxSeq, state.pending],
    rowMode: "array",
  });
  return r.rows;
}

/** Samples whose visible measurements changed when these uploads published (rows added or superseded). */
export async function samplesTouchedBy(seqs: readonly number[]): Promise<number[]> {
  if (seqs.length === 0) return [];
  const r = await pool().query<{ pk: number }>(
    `SELECT DISTINCT sample_pk AS pk FROM measurements WHERE upload_seq = ANY($1::int[]) OR superseded_by = ANY($1::int[])`,
    [seqs],
  );
  return r.rows.map((row) => row.pk);
}

export async function modelNamesById(): Promise<Map<number, string>> {
  const r = await pool().query<{ id: number; name: string }>(`SELECT id, name FROM models`);
  return new Map(r.rows.map((row) => [row.id, row.name]));
}

/** Sample pks that have a vector of `model` in `space`, ascending. */
export async function embeddedSamplePks(space: string, model: string): Promise<number[]> {
  // One row holding every pk, not a row per pk: at 100k vectors the rows' per-row protocol and
  // parsing cost was most of a read-model update after each upload.
  const r = await pool().query<{ pks: string | null }>(
    `SELECT array_to_string(array_agg(sample_pk ORDER BY sample_pk), ',') AS pks FROM embeddings WHERE space = $1 AND model = $2`,
    [space, model],
  );
  const pks = r.rows[0]?.pks;
  return pks ? pks.split(",").map(Number) : [];
}

/**
 * The vectors of `model` in `space` for these sample pks, exact float32. They travel in pgvector's
 * binary form (vector_send), base64-encoded: the text form cost the server a shortest-decimal
 * formatting of every value and the client a parse of it, most of a first load's time.
 */
export async function vectorsOf(space: string, model: string, samplePks: readonly number[]): Promise<[pk: number, vector: Float32Array][]> {
  if (samplePks.length === 0) return [];
  const r = await pool().query<[number, string]>({
    text: `SELECT sample_pk, encode(vector_send(embedding), 'base64') FROM embeddings WHERE space = $1 AND model = $2 AND sample_pk = ANY($3::int[])`,
    values: [space, model, samplePks],
    rowMode: "array",
  });
  return r.rows.map(([pk, b64]) => [pk, vectorFromBinary(Buffer.from(b64, "base64"))]);
}

/** Up to `limit` vectors of `model` in `space` of samples after `afterPk`, by sample pk (as vectorsOf). */
export async function vectorsAfter(space: string, model: string, afterPk: number, limit: number): Promise<[pk: number, vector: Float32Array][]> {
  const r = await pool().query<[number, string]>({
    text: `SELECT sample_pk, encode(vector_send(embedding), 'base64') FROM embeddings
            WHERE space = $1 AND model = $2 AND sample_pk > $3 ORDER BY sample_pk LIMIT $4`,
    values: [space, model, afterPk, limit],
    rowMode: "array",
  });
  return r.rows.map(([pk, b64]) => [pk, vectorFromBinary(Buffer.from(b64, "base64"))]);
}

/** pgvector's binary form (int16 dim, int16 unused, dim big-endian float4) → float32 values. */
export function vectorFromBinary(bytes: Buffer): Float32Array {
  const dim = bytes.readInt16BE(0);
  if (bytes.length !== 4 + 4 * dim) throw new Error(`a binary vector of ${bytes.length} bytes for ${dim} dimensions`);
  const out = new Float32Array(dim);
  const raw = Buffer.from(out.buffer);
  bytes.copy(raw, 0, 4);
  if (LITTLE_ENDIAN) raw.swap32();
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Samples the uploads `seqs` added or whose content they rewrote. */
export async function samplesWrittenBy(seqs: readonly number[]): Promise<number[]> {
  if (seqs.length === 0) return [];
  const r = await pool().query<{ pk: number }>(`SELECT pk FROM samples WHERE upload_seq = ANY($1::int[])`, [seqs]);
  return r.rows.map((row) => row.pk);
}

/** Whether the uploads `seqs` wrote any model's facts (a model line). */
export async function factsWrittenBy(seqs: readonly number[]): Promise<boolean> {
  if (seqs.length === 0) return false;
  const r = await pool().query(`SELECT 1 FROM model_facts WHERE upload_seq = ANY($1::int[]) OR superseded_by = ANY($1::int[]) LIMIT 1`, [seqs]);
  return (r.rowCount ?? 0) > 0;
}
