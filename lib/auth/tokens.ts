// Upload tokens (spec/api.md, Tokens): random secrets shown once, stored only as SHA-256 hashes.
// A token is found by its shown prefix (not secret: it is printed by `token list`), then its hash
// is compared in constant time with the stored one, so response times say nothing about how much
// of a guess was right. Every check reads the database: a revocation takes effect at once.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { findLiveTokens, insertToken, recordTokenUse, revokeTokens, type TokenRow } from "@/lib/db/queries/tokens";
import type { Scope } from "./scopes";

export const TOKEN_PREFIX = "obp_";
/** `obp_` and the first 6 characters of the secret: what lists show and revocation accepts. */
const SHOWN_CHARS = TOKEN_PREFIX.length + 6;
const TOKEN_SHAPE = /^obp_[A-Za-z0-9_-]{32}$/;

export function hashToken(plaintext: string): string {
  return createHash("sha256").update(plaintext, "utf8").digest("hex");
}

/** Creates a token; the plaintext is returned once and never stored. */
export async function createToken(name: string, scopes: readonly Scope[] = ["upload"]): Promise<{ token: string; row: TokenRow }> {
  const clean = name.trim();
  if (!clean || clean.length > 100) throw new Error("A token needs a name of 1–100 characters");
  const token = TOKEN_PREFIX + randomBytes(24).toString("base64url");
  const row = await insertToken({ name: clean, tokenHash: hashToken(token), prefix: token.slice(0, SHOWN_CHARS), scopes: [...new Set(scopes)] });
  return { token, row };
}

/** The live token with this plaintext, or null (unknown, malformed or revoked). A success is recorded (at most once a minute). */
export async function verifyToken(plaintext: string): Promise<TokenRow | null> {
  if (!TOKEN_SHAPE.test(plaintext)) return null;
  const given = Buffer.from(hashToken(plaintext), "hex");
  let found: TokenRow | null = null;
  for (const { tokenHash, ...row } of await findLiveTokens(plaintext.slice(0, SHOWN_CHARS))) {
    if (timingSafeEqual(given, Buffer.from(tokenHash, "hex"))) found = row;
  }
  if (found) await recordTokenUse(found.id);
  return found;
}

/** Revokes by id or by the token's shown prefix; returns the revoked rows. */
export async function revokeToken(idOrPrefix: string): Promise<TokenRow[]> {
  return revokeTokens(/^\d+$/.test(idOrPrefix) ? { id: Number(idOrPrefix) } : { prefix: idOrPrefix });
}
