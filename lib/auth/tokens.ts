// Upload tokens (spec/api.md, Tokens): random secrets shown once, stored only as SHA-256 hashes.
// A lookup by hash needs no constant-time comparison: the hash of a guess reveals nothing.
import { createHash, randomBytes } from "node:crypto";
import { pool } from "@/lib/db/client";

export const TOKEN_PREFIX = "obp_";

export interface TokenRow {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const COLUMNS = `id, name, prefix, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

export function hashToken(plaintext: string): string {
  return createHash("sha256").update(plaintext, "utf8").digest("hex");
}

/** Creates a token; the plaintext is returned once and never stored. */
export async function createToken(name: string): Promise<{ token: string; row: TokenRow }> {
  const clean = name.trim();
  if (!clean || clean.length > 100) throw new Error("A token needs a name of 1–100 characters");
  const token = TOKEN_PREFIX + randomBytes(24).toString("base64url");
  const r = await pool().query<TokenRow>(
    `INSERT INTO upload_tokens (name, token_hash, prefix) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
    [clean, hashToken(token), token.slice(0, TOKEN_PREFIX.length + 6)],
  );
  return { token, row: r.rows[0] };
}

/** The live token with this plaintext, or null (unknown or revoked). Records its use. */
export async function verifyToken(plaintext: string): Promise<TokenRow | null> {
  if (!plaintext.startsWith(TOKEN_PREFIX) || plaintext.length > 200) return null;
  const r = await pool().query<TokenRow>(
    `UPDATE upload_tokens SET last_used_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    [hashToken(plaintext)],
  );
  return r.rows[0] ?? null;
}

export async function listTokens(): Promise<TokenRow[]> {
  return (await pool().query<TokenRow>(`SELECT ${COLUMNS} FROM upload_tokens ORDER BY id`)).rows;
}

/** Revokes by id or by the token's shown prefix; returns the revoked rows. */
export async function revokeToken(idOrPrefix: string): Promise<TokenRow[]> {
  const byId = /^\d+$/.test(idOrPrefix);
  const r = await pool().query<TokenRow>(
    `UPDATE upload_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND ${byId ? "id = $1::int" : "prefix = $1"} RETURNING ${COLUMNS}`,
    [idOrPrefix],
  );
  return r.rows;
}
