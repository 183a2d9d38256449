// For bench:images only: a pool of synthetic image samples to search, written in bulk (the
// benchmark measures kNN over 100,000 stored vectors, not the importer, which it times separately).
import { pool } from "@/lib/db/client";

/**
 * Inserts `n` visible samples `bench-img/<i>` of benchmark `bench-images`; their pks in order. Each
 * names an image by URL (so `modality=image` keeps it) marked as never fetched, so no worker tries.
 */
export async function insertBenchImageSamples(n: number): Promise<number[]> {
  const r = await pool().query<{ pk: number }>(
    `INSERT INTO samples (id, benchmark, input, content_hash, image_url, image_error)
     SELECT 'bench-img/' || i, 'bench-images', 'Synthetic image sample ' || i, md5(i::text),
            'https://images.invalid/bench/' || i || '.png', 'synthetic benchmark sample: no image is fetched'
       FROM generate_series(0, $1 - 1) AS i
     RETURNING pk`,
    [n],
  );
  return r.rows.map((row) => row.pk).sort((a, b) => a - b);
}

/** Makes `model` the active model of a space (the bench writes its vectors directly). */
export async function setActiveModel(space: string, model: string): Promise<void> {
  await pool().query(`UPDATE embedding_spaces SET active_model = $2, activated_at = now(), building_model = NULL WHERE space = $1`, [space, model]);
}

/**
 * Writes a random unit vector of `dim` for each of `pks` under `model` in `space`, drawn by the
 * database itself (seeded): 100,000 768-d vectors sent as text literals from here took longer
 * than the kNN being measured, and the benchmark only needs vectors spread over the sphere.
 */
export async function insertRandomUnitVectors(space: string, model: string, dim: number, pks: number[], seed: number): Promise<number> {
  await pool().query(`SELECT setseed($1)`, [seed]);
  const r = await pool().query(
    `INSERT INTO embeddings (space, model, sample_pk, dim, embedding)
     SELECT $1, $2, s.pk, $3::int, l2_normalize(ARRAY(SELECT random() - 0.5 FROM generate_series(1, $3::int) WHERE s.pk IS NOT NULL)::vector)
     FROM unnest($4::int[]) AS s(pk)
     ON CONFLICT (space, model, sample_pk) DO NOTHING`,
    [space, model, dim, pks],
  );
  return r.rowCount ?? 0;
}
