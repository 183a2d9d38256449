// `npm run token -- create NAME` while `npm start` runs: with no DATABASE_URL it finds the running
// portal's database through DATA_DIR/portal.json instead of failing on the held data directory.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { databaseUrl } from "@/lib/env";
import { hashToken } from "@/lib/auth/tokens";

afterAll(closeDb);

it("creates a token in the running portal's database, found through DATA_DIR", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "token-discovery-"));
  // What `npm start` writes: this test process stands in for the running portal.
  writeFileSync(path.join(dataDir, "portal.pid"), String(process.pid));
  writeFileSync(path.join(dataDir, "portal.json"), JSON.stringify({ pid: process.pid, databaseUrl: databaseUrl(), port: 3999 }), { mode: 0o600 });
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/token.ts", "create", "while running", "--admin"], { env });
  const token = stdout.trim().split("\n").pop()!;
  const row = await pool().query(`SELECT name, scopes FROM upload_tokens WHERE token_hash = $1`, [hashToken(token)]);
  expect(row.rows).toEqual([{ name: "while running", scopes: ["admin"] }]);
});
