// The image store: content-addressed rows (prisma/migrations/20261124060000_images), written at
// import and by the worker's fetches, read by the image route.
import { execute, pool, type Queryable } from "@/lib/db/client";
import { visibleSamplesSql } from "@/lib/db/visibility";

export interface ImageInsert {
  sha256: string;
  /** image/png, image/jpeg, image/webp or image/gif (the table checks it). */
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
  thumb: Buffer;
}

export interface ServedImageRow {
  contentType: string;
  bytes: Buffer;
}

/** Stores images not stored yet (the same content is one row, whoever sent it first). */
export async function insertImages(images: ImageInsert[], uploadSeq: number | null, db: Queryable = pool()): Promise<void> {
  if (images.length === 0) return;
  const params: unknown[] = [uploadSeq];
  const rows = images.map((img) => {
    params.push(img.sha256, img.contentType, img.width, img.height, img.data, img.thumb);
    const n = params.length;
    return `($${n - 5}, $${n - 4}, $${n - 3}::int, $${n - 2}::int, $${n - 1}::bytea, $${n}::bytea, $1::int)`;
  });
  await execute(db, `INSERT INTO images (sha256, content_type, width, height, data, thumb, upload_seq) VALUES ${rows.join(", ")} ON CONFLICT (sha256) DO NOTHING`, params);
}

/** The served bytes (or the WebP thumbnail) of an image; null when none is stored under that hash. */
export async function getServedImage(sha256: string, variant: "full" | "thumb"): Promise<ServedImageRow | null> {
  const column = variant === "thumb" ? `thumb AS bytes, 'image/webp' AS "contentType"` : `data AS bytes, content_type AS "contentType"`;
  const r = await pool().query<ServedImageRow>(`SELECT ${column} FROM images WHERE sha256 = $1`, [sha256]);
  return r.rows[0] ?? null;
}

/** The content type and size of the stored images among `sha256s`, by hash. */
export async function storedImageInfo(sha256s: string[]): Promise<Map<string, { contentType: string; bytes: number }>> {
  if (sha256s.length === 0) return new Map();
  const r = await pool().query<{ sha256: string; content_type: string; bytes: number }>(
    `SELECT sha256, content_type, octet_length(data)::int AS bytes FROM images WHERE sha256 = ANY($1::text[])`,
    [sha256s],
  );
  return new Map(r.rows.map((row) => [row.sha256, { contentType: row.content_type, bytes: row.bytes }]));
}

/**
 * Images a failed (or dry-run) upload stored that no sample shows: removed with its other rows.
 * Run after its samples are gone.
 */
export async function deleteUnreferencedUploadImages(uploadSeq: number): Promise<number> {
  return execute(
    pool(),
    `DELETE FROM images i WHERE i.upload_seq = $1 AND NOT EXISTS (SELECT 1 FROM samples s WHERE s.image_sha256 = i.sha256)`,
    [uploadSeq],
  );
}

export interface AwaitingImageRow {
  pk: number;
  id: string;
  imageUrl: string;
}

/** Visible samples whose image_url has been neither stored nor refused yet, oldest first. */
export async function samplesAwaitingImage(limit: number): Promise<AwaitingImageRow[]> {
  const r = await pool().query<AwaitingImageRow>(
    `SELECT s.pk, s.id, s.image_url AS "imageUrl" FROM samples s
      WHERE s.image_url IS NOT NULL AND s.image_sha256 IS NULL AND s.image_error IS NULL AND ${visibleSamplesSql("s")}
      ORDER BY s.pk LIMIT $1`,
    [limit],
  );
  return r.rows;
}

/** The outcome of one fetch, unless the sample's URL changed meanwhile (then the next run fetches the new one). */
export async function recordImageFetch(pk: number, imageUrl: string, outcome: { sha256: string } | { error: string }): Promise<void> {
  await execute(
    pool(),
    `UPDATE samples SET image_sha256 = $3, image_error = $4 WHERE pk = $1 AND image_url = $2`,
    [pk, imageUrl, "sha256" in outcome ? outcome.sha256 : null, "error" in outcome ? outcome.error.slice(0, 500) : null],
  );
}

/** The served bytes of these images, by hash (what the image embedder reads). */
export async function loadImageData(sha256s: string[]): Promise<Map<string, Buffer>> {
  if (sha256s.length === 0) return new Map();
  const r = await pool().query<{ sha256: string; data: Buffer }>(`SELECT sha256, data FROM images WHERE sha256 = ANY($1::text[])`, [[...new Set(sha256s)]]);
  return new Map(r.rows.map((row) => [row.sha256, row.data]));
}
