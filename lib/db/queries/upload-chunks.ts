// The spooled body of a received upload (upload_chunks): written in order while the request
// streams in, read back in order by whichever process imports it. A trigger removes the chunks
// when the upload finishes (migration 20261124050000_upload_spool_token_scopes).
import { execute, pool } from "@/lib/db/client";
import { statusListSql, UPLOAD_STATUS } from "@/lib/db/upload-status";

export async function insertUploadChunk(uploadId: string, n: number, bytes: Buffer): Promise<void> {
  await execute(pool(), `INSERT INTO upload_chunks (upload_id, n, bytes) VALUES ($1, $2, $3)`, [uploadId, n, bytes]);
}

/** Chunk `n` of an upload's body, or null past the last one. */
export async function readUploadChunk(uploadId: string, n: number): Promise<Buffer | null> {
  const r = await pool().query<{ bytes: Buffer }>(`SELECT bytes FROM upload_chunks WHERE upload_id = $1 AND n = $2`, [uploadId, n]);
  return r.rows[0]?.bytes ?? null;
}

/** How many chunks an upload has spooled (0: none, or already removed). */
export async function countUploadChunks(uploadId: string): Promise<number> {
  const r = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM upload_chunks WHERE upload_id = $1`, [uploadId]);
  return r.rows[0].n;
}

/** Chunks whose upload has finished (left by a database restored from before the trigger, or a bug): removed. */
export async function deleteOrphanedChunks(): Promise<number> {
  return execute(
    pool(),
    `DELETE FROM upload_chunks c USING uploads u WHERE u.id = c.upload_id AND u.status IN (${statusListSql([UPLOAD_STATUS.done, UPLOAD_STATUS.failed])})`,
  );
}
