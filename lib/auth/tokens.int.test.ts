import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { resetDatabase } from "@/test/db";
import { listTokens } from "@/lib/db/queries/tokens";
import { createToken, hashToken, revokeToken, verifyToken } from "./tokens";

beforeEach(resetDatabase);
afterAll(closeDb);

describe("upload tokens", () => {
  it("are stored hashed, verify, and stop working once revoked", async () => {
    const { token, row } = await createToken("ci");
    expect(token).toMatch(/^obp_[A-Za-z0-9_-]{32}$/);
    const stored = await pool().query(`SELECT token_hash FROM upload_tokens`);
    expect(stored.rows).toEqual([{ token_hash: hashToken(token) }]);
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    expect((await verifyToken(token))?.id).toBe(row.id);
    expect(await verifyToken(token + "x")).toBeNull();
    expect(await verifyToken("obp_wrong")).toBeNull();
    expect((await listTokens())[0].lastUsedAt).not.toBeNull();

    expect((await revokeToken(row.prefix)).map((t) => t.id)).toEqual([row.id]);
    expect(await verifyToken(token)).toBeNull();
    expect(await revokeToken(String(row.id))).toEqual([]);
  });
});
