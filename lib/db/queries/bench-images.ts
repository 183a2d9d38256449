// For bench:images only: a pool of synthetic image samples to search, written in bulk (the
// benchmark measures kNN over 100,000 stored vectors, not the importer, which it times separately).
import { pool } from "@/lib/db/client";

/** Inserts `n` visible samples `bench-img/<i>` of benchmark `bench-images`; their pks in order. */
export async function insertBenchImageSamples(n: number): Promise<number[]> {
  const r = await pool().query<{ pk: number }>(
    `INSERT INTO samples (id, benchmark, input, content_hash)
     SELECT 'bench-img/' || i, 'bench-images', 'Synthetic image sample ' || i, md5(i::text) FROM generate_series(0, $1 - 1) AS i
     RETURNING pk`,
    [n],
  );
  return r.rows.map((row) => row.pk).sort((a, b) => a - b);
}

/** Makes `model` the active model of a space (the bench writes its vectors directly). */
export async function setActiveModel(space: string, model: string): Promise<void> {
  await pool().query(`UPDATE embedding_spaces SET active_model = $2, activated_at = now(), building_model = NULL WHERE space = $1`, [space, model]);
}
