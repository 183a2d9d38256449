// Named queries on `upload_tokens`. Only hashes are stored (lib/auth/tokens.ts makes them).
import { execute, pool } from "@/lib/db/client";

export interface TokenRow {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A live token's row with its hash, for the constant-time comparison. */
export interface TokenCandidate extends TokenRow {
  tokenHash: string;
}

const COLUMNS = `id, name, prefix, scopes, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

/** `last_used_at` is written at most this often per token: a request is not a write each. */
const USE_RESOLUTION_SECONDS = 60;

export async function insertToken(t: { name: string; tokenHash: string; prefix: string; scopes: string[] }): Promise<TokenRow> {
  const r = await pool().query<TokenRow>(
    `INSERT INTO upload_tokens (name, token_hash, prefix, scopes) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [t.name, t.tokenHash, t.prefix, t.scopes],
  );
  return r.rows[0];
}

/** The live tokens whose shown prefix is `prefix` (a read only; usually one). */
export async function findLiveTokens(prefix: string): Promise<TokenCandidate[]> {
  const r = await pool().query<TokenCandidate>(
    `SELECT ${COLUMNS}, token_hash AS "tokenHash" FROM upload_tokens WHERE prefix = $1 AND revoked_at IS NULL`,
    [prefix],
  );
  return r.rows;
}

/** Records a successful use, unless one was recorded within the last minute. */
export async function recordTokenUse(id: number): Promise<void> {
  await execute(
    pool(),
    `UPDATE upload_tokens SET last_used_at = now()
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2))`,
    [id, USE_RESOLUTION_SECONDS],
  );
}

export async function listTokens(): Promise<TokenRow[]> {
  const r = await pool().query<TokenRow>(`SELECT ${COLUMNS} FROM upload_tokens ORDER BY id`);
  return r.rows;
}

/** Revokes the live tokens with this id or this shown prefix; returns them, by id. */
export async function revokeTokens(by: { id: number } | { prefix: string }): Promise<TokenRow[]> {
  const [column, value] = "id" in by ? ["id", by.id] : ["prefix", by.prefix];
  const r = await pool().query<TokenRow>(
    `UPDATE upload_tokens SET revoked_at = now() WHERE ${column} = $1 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    [value],
  );
  return r.rows.sort((a, b) => a.id - b.id);
}
