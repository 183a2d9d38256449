// Writes need an upload token: `Authorization: Bearer TOKEN` (spec/api.md, Tokens).
import { verifyToken } from "@/lib/auth/tokens";
import { ApiError } from "./errors";

export async function requireToken(req: Request): Promise<{ id: number; name: string }> {
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError("unauthorized", 'Missing upload token: send "Authorization: Bearer TOKEN" (create one with `npm run token -- create NAME`)');
  const token = await verifyToken(match[1]);
  if (!token) throw new ApiError("unauthorized", "Invalid or revoked upload token");
  return { id: token.id, name: token.name };
}
