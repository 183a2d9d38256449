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
    const stored = await pool().query(`SELECT token_hash, scopes FROM upload_tokens`);
    expect(stored.rows).toEqual([{ token_hash: hashToken(token), scopes: ["upload"] }]);
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    expect((await verifyToken(token))?.id).toBe(row.id);
    expect(await verifyToken(token + "x")).toBeNull();
    expect(await verifyToken("obp_wrong")).toBeNull();
    // Same shown prefix, wrong secret: found by prefix, refused by the hash comparison.
    expect(await verifyToken(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"))).toBeNull();
    expect((await listTokens())[0].lastUsedAt).not.toBeNull();

    expect((await revokeToken(row.prefix)).map((t) => t.id)).toEqual([row.id]);
    expect(await verifyToken(token)).toBeNull();
    expect(await revokeToken(String(row.id))).toEqual([]);
  });

  it("carry their scopes; a failed check writes nothing and a success at most once a minute", async () => {
    const admin = await createToken("ops", ["admin"]);
    expect((await verifyToken(admin.token))?.scopes).toEqual(["admin"]);
    const used = await pool().query(`SELECT xmin::text AS v, last_used_at FROM upload_tokens`);
    expect(await verifyToken(admin.token)).not.toBeNull();
    for (let i = 0; i < 5; i++) expect(await verifyToken(`obp_${"x".repeat(32)}`)).toBeNull();
    // The row version is unchanged: neither the second success nor the failures wrote to it.
    expect((await pool().query(`SELECT xmin::text AS v, last_used_at FROM upload_tokens`)).rows).toEqual(used.rows);
  });
});
