// Integration tests run against a real Postgres with the project's migrations applied, one of:
// - embedded (default): PGlite + pgvector served on a loopback port, the same code path as `npm start`;
// - a server (TEST_DATABASE_URL, any role that may CREATE DATABASE on a Postgres with pgvector):
//   each run gets a fresh database there, dropped afterwards. `scripts/native-pg.sh run …` starts a
//   throwaway native PostgreSQL 15 + pgvector and sets it, with TEST_DB=native.
// Tests read TEST_DB (`embedded` or `native`) to skip what only concerns the other target.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";

let db: EmbeddedPostgres | undefined;
let dir: string | undefined;
let created: { serverUrl: string; name: string } | undefined;

/** Creates a fresh database on the server at `serverUrl` and returns its URL. */
async function createTestDatabase(serverUrl: string): Promise<string> {
  const name = `portal_it_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  created = { serverUrl, name };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    process.env.DATABASE_URL = await createTestDatabase(serverUrl);
    process.env.TEST_DB = "native";
  } else if (process.env.TEST_DB === "native") {
    throw new Error("TEST_DB=native needs a server: run `npm run test:integration:native`, or set TEST_DATABASE_URL");
  } else {
    dir = mkdtempSync(path.join(tmpdir(), "portal-it-"));
    db = await startEmbeddedPostgres({ dataDir: dir });
    process.env.DATABASE_URL = db.url;
    process.env.TEST_DB = "embedded";
  }
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  try {
    await pool.query("CREATE EXTENSION IF NOT EXISTS vector").catch((err: Error) => {
      throw new Error(`pgvector is not available on the test database: ${err.message}`);
    });
    await migrate(pool);
  } finally {
    await pool.end();
  }
}

export async function teardown() {
  await db?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (created) {
    const admin = new pg.Client({ connectionString: created.serverUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${created.name}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
}
