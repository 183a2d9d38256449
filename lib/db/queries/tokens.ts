// Named queries on `upload_tokens`. Only hashes are stored (lib/auth/tokens.ts makes them).
import { pool } from "@/lib/db/client";

export interface TokenRow {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const COLUMNS = `id, name, prefix, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

export async function insertToken(t: { name: string; tokenHash: string; prefix: string }): Promise<TokenRow> {
  const r = await pool().query<TokenRow>(
    `INSERT INTO upload_tokens (name, token_hash, prefix) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
    [t.name, t.tokenHash, t.prefix],
  );
  return r.rows[0];
}

/** The live token with this hash, its use recorded; null when unknown or revoked. */
export async function recordTokenUse(tokenHash: string): Promise<TokenRow | null> {
  const r = await pool().query<TokenRow>(
    `UPDATE upload_tokens SET last_used_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    [tokenHash],
  );
  return r.rows[0] ?? null;
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
