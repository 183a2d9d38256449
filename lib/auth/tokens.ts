// Upload tokens (spec/api.md, Tokens): random secrets shown once, stored only as SHA-256 hashes.
// A lookup by hash needs no constant-time comparison: the hash of a guess reveals nothing.
import { createHash, randomBytes } from "node:crypto";
import { insertToken, revokeTokens, recordTokenUse, type TokenRow } from "@/lib/db/queries/tokens";

export const TOKEN_PREFIX = "obp_";

export function hashToken(plaintext: string): string {
  return createHash("sha256").update(plaintext, "utf8").digest("hex");
}

/** Creates a token; the plaintext is returned once and never stored. */
export async function createToken(name: string): Promise<{ token: string; row: TokenRow }> {
  const clean = name.trim();
  if (!clean || clean.length > 100) throw new Error("A token needs a name of 1–100 characters");
  const token = TOKEN_PREFIX + randomBytes(24).toString("base64url");
  const row = await insertToken({ name: clean, tokenHash: hashToken(token), prefix: token.slice(0, TOKEN_PREFIX.length + 6) });
  return { token, row };
}

/** The live token with this plaintext, or null (unknown or revoked). Records its use. */
export async function verifyToken(plaintext: string): Promise<TokenRow | null> {
  if (!plaintext.startsWith(TOKEN_PREFIX) || plaintext.length > 200) return null;
  return recordTokenUse(hashToken(plaintext));
}

/** Revokes by id or by the token's shown prefix; returns the revoked rows. */
export async function revokeToken(idOrPrefix: string): Promise<TokenRow[]> {
  return revokeTokens(/^\d+$/.test(idOrPrefix) ? { id: Number(idOrPrefix) } : { prefix: idOrPrefix });
}
