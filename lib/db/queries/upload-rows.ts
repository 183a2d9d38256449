// Removing rows uploads wrote, in short batches: every statement here blocks the embedded
// database for at most a few hundred milliseconds.
import { execute, pool } from "@/lib/db/client";
import { statusSql, UPLOAD_STATUS } from "@/lib/db/upload-status";
import { deleteUnreferencedUploadImages } from "./images";
import { deleteUploadFacts, purgeSupersededFacts } from "./model-facts";

const DELETE_BATCH = 20_000;
const SAMPLE_DELETE_BATCH = 5_000;
const FOREIGN_KEY_VIOLATION = "23503";

async function repeatUntilNone(sql: string, values: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await execute(pool(), sql, values);
    total += n;
    if (!n) return total;
  }
}

/**
 * Deletes every row upload `seq` wrote (measurement outputs go with their measurements, ON DELETE
 * CASCADE; model facts too) and restores the rows it had marked superseded. Its rows were
 * never visible (the upload is not 'done'), so readers see no change at any point. Idempotent.
 */
export async function deleteUploadRows(seq: number): Promise<void> {
  await repeatUntilNone(
    `DELETE FROM measurements WHERE id IN (SELECT id FROM measurements WHERE upload_seq = $1 LIMIT ${DELETE_BATCH})`,
    [seq],
  );
  await repeatUntilNone(
    `UPDATE measurements SET superseded_by = NULL
      WHERE id IN (SELECT id FROM measurements WHERE superseded_by = $1 LIMIT ${DELETE_BATCH})`,
    [seq],
  );
  await deleteUploadFacts(seq);
  await repeatUntilNone(`DELETE FROM samples WHERE pk IN (SELECT pk FROM samples WHERE upload_seq = $1 LIMIT ${SAMPLE_DELETE_BATCH})`, [seq]);
  await deleteUnreferencedUploadImages(seq);
  try {
    await execute(pool(), `DELETE FROM models WHERE upload_seq = $1`, [seq]);
  } catch (err) {
    // A model another upload has used since is kept: models are harmless, their rows are not.
    if ((err as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw err;
  }
}

/** After publish: the rows upload `seq` replaced are invisible now; delete them. */
export async function purgeSuperseded(seq: number): Promise<number> {
  await purgeSupersededFacts(seq);
  return repeatUntilNone(
    `DELETE FROM measurements WHERE id IN (SELECT id FROM measurements WHERE superseded_by = $1 LIMIT ${DELETE_BATCH})`,
    [seq],
  );
}

/** Superseded rows of published uploads left behind by an interrupted purge; returns how many. */
export async function purgeAllSuperseded(): Promise<number> {
  await purgeSupersededFacts();
  return repeatUntilNone(
    `DELETE FROM measurements WHERE id IN (
       SELECT id FROM measurements WHERE superseded_by IN (SELECT seq FROM uploads WHERE status = ${statusSql(UPLOAD_STATUS.done)}) LIMIT ${DELETE_BATCH})`,
    [],
  );
}
