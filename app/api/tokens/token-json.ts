// A token as the API shows it: never its secret or hash.
import type { TokenRow } from "@/lib/db/queries/tokens";

export function tokenJson(t: TokenRow) {
  return { id: t.id, name: t.name, prefix: t.prefix, scopes: t.scopes, created_at: t.createdAt, last_used_at: t.lastUsedAt, revoked_at: t.revokedAt };
}
