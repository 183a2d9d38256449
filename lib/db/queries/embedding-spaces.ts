// Embedding spaces and the life of their models: the model searches use (`active_model`), the one
// whose vectors are being written beside it (`building_model`), and the flip from one to the other.
// See prisma/migrations/20261123000000_embedding_spaces for the tables.
import { pool, withTransaction } from "@/lib/db/client";
import { bumpDataVersion } from "@/lib/db/data-version";
import { carrySnapshotsForward } from "./saved-leaderboards";

export type Modality = "text" | "image";

export interface EmbeddingSpaceRow {
  space: string;
  modality: Modality;
  dim: number;
  /** The model whose vectors searches use; null before the space's first embedding run. */
  activeModel: string | null;
  /** A model whose vectors are being written beside the active model's; null when none. */
  buildingModel: string | null;
}

const COLUMNS = `space, modality, dim, active_model AS "activeModel", building_model AS "buildingModel"`;

/** Space names go into index names and SQL literals: keep them to this shape. */
const SPACE_NAME = /^[a-z][a-z0-9_]{0,30}$/;

export async function listEmbeddingSpaces(): Promise<EmbeddingSpaceRow[]> {
  const r = await pool().query<EmbeddingSpaceRow>(`SELECT ${COLUMNS} FROM embedding_spaces ORDER BY space`);
  return r.rows;
}

export async function getEmbeddingSpace(space: string): Promise<EmbeddingSpaceRow> {
  const r = await pool().query<EmbeddingSpaceRow>(`SELECT ${COLUMNS} FROM embedding_spaces WHERE space = $1`, [space]);
  if (r.rows.length === 0) throw new Error(`unknown embedding space "${space}"`);
  if (!SPACE_NAME.test(r.rows[0].space)) throw new Error(`embedding space name "${space}" is not of the form ${SPACE_NAME}`);
  return r.rows[0];
}

/** SQL condition: sample `alias` has content of this modality (the samples a space covers). */
export function coveredSamplesSql(modality: Modality, alias = "s"): string {
  return modality === "text" ? "true" : `${alias}.image_sha256 IS NOT NULL`;
}

/**
 * Makes `model` active in a space that has none yet: its first run has no older vectors to keep
 * answering meanwhile, so it fills the active model directly. False when the space has one.
 */
export async function activateFirstModel(space: string, model: string): Promise<boolean> {
  const r = await pool().query(
    `UPDATE embedding_spaces SET active_model = $2, activated_at = now(), building_model = NULL, build_started_at = NULL
      WHERE space = $1 AND active_model IS NULL`,
    [space, model],
  );
  return r.rowCount === 1;
}

/** Starts writing `model`'s vectors beside the active model's (a switch or refit). */
export async function startBuild(space: string, model: string): Promise<void> {
  await pool().query(
    `UPDATE embedding_spaces SET building_model = $2, build_started_at = now()
      WHERE space = $1 AND active_model IS DISTINCT FROM $2 AND building_model IS DISTINCT FROM $2`,
    [space, model],
  );
}

/**
 * Rolls a switch back before its flip: the active model stays, the build's vectors become
 * superseded (deleted by deleteSupersededVectors). Returns the abandoned model, if any.
 */
export async function abandonBuild(space: string): Promise<string | null> {
  return withTransaction(async (db) => {
    const r = await db.query<{ model: string | null }>(`SELECT building_model AS model FROM embedding_spaces WHERE space = $1 FOR UPDATE`, [space]);
    const model = r.rows[0]?.model ?? null;
    if (model) await db.query(`UPDATE embedding_spaces SET building_model = NULL, build_started_at = NULL WHERE space = $1`, [space]);
    return model;
  });
}

/**
 * The flip: `model`, built beside the active model, becomes active, and the data version moves in
 * the same transaction (searches answer from other vectors now; saved leaderboards with a query go stale). Returns the new data version, or
 * null when `model` was not the one being built (another run flipped it already).
 */
export async function flipToBuiltModel(space: string, model: string): Promise<number | null> {
  return withTransaction(async (db) => {
    const r = await db.query(
      `UPDATE embedding_spaces SET active_model = building_model, building_model = NULL, activated_at = now(), build_started_at = NULL
        WHERE space = $1 AND building_model = $2`,
      [space, model],
    );
    if (r.rowCount !== 1) return null;
    const version = await bumpDataVersion(db);
    // Filters do not look at vectors: filter-only leaderboards stay current.
    await carrySnapshotsForward(db, version, { queryBased: false });
    return version;
  });
}

/** Every model some space still needs: active or being built. */
export async function modelsInUse(): Promise<string[]> {
  const r = await pool().query<{ model: string }>(
    `SELECT active_model AS model FROM embedding_spaces WHERE active_model IS NOT NULL
     UNION SELECT building_model FROM embedding_spaces WHERE building_model IS NOT NULL`,
  );
  return r.rows.map((row) => row.model);
}
