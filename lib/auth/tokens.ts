// Upload tokens (spec/api.md, Tokens): random secrets shown once, stored only as SHA-256 hashes.
// A lookup by hash needs no constant-time comparison: the hash of a guess reveals nothing.
import { createHash, randomBytes } from "node:crypto";
import { prisma } from "@/lib/db/client";

export const TOKEN_PREFIX = "obp_";

export interface TokenRow {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const SELECT = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

export function hashToken(plaintext: string): string {
  return createHash("sha256").update(plaintext, "utf8").digest("hex");
}

/** Creates a token; the plaintext is returned once and never stored. */
export async function createToken(name: string): Promise<{ token: string; row: TokenRow }> {
  const clean = name.trim();
  if (!clean || clean.length > 100) throw new Error("A token needs a name of 1–100 characters");
  const token = TOKEN_PREFIX + randomBytes(24).toString("base64url");
  const row = await prisma().uploadToken.create({
    data: { name: clean, tokenHash: hashToken(token), prefix: token.slice(0, TOKEN_PREFIX.length + 6) },
    select: SELECT,
  });
  return { token, row };
}

/** The live token with this plaintext, or null (unknown or revoked). Records its use. */
export async function verifyToken(plaintext: string): Promise<TokenRow | null> {
  if (!plaintext.startsWith(TOKEN_PREFIX) || plaintext.length > 200) return null;
  const tokenHash = hashToken(plaintext);
  const used = await prisma().uploadToken.updateMany({ where: { tokenHash, revokedAt: null }, data: { lastUsedAt: new Date() } });
  if (used.count === 0) return null;
  return prisma().uploadToken.findUnique({ where: { tokenHash }, select: SELECT });
}

export async function listTokens(): Promise<TokenRow[]> {
  return prisma().uploadToken.findMany({ orderBy: { id: "asc" }, select: SELECT });
}

/** Revokes by id or by the token's shown prefix; returns the revoked rows. */
export async function revokeToken(idOrPrefix: string): Promise<TokenRow[]> {
  const where = /^\d+$/.test(idOrPrefix) ? { id: Number(idOrPrefix), revokedAt: null } : { prefix: idOrPrefix, revokedAt: null };
  const live = await prisma().uploadToken.findMany({ where, select: SELECT });
  if (live.length === 0) return [];
  const revokedAt = new Date();
  await prisma().uploadToken.updateMany({ where: { id: { in: live.map((t) => t.id) }, revokedAt: null }, data: { revokedAt } });
  return live.map((t) => ({ ...t, revokedAt }));
}
