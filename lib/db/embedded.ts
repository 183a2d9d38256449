// The embedded default database: Postgres compiled to WASM (PGlite) with pgvector, served on a
// loopback port so that the web server, the worker and scripts connect to it exactly as they would
// to a real Postgres. PGlite has one session: every client's queries are serialized through it.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { mkdirSync } from "node:fs";
import path from "node:path";

export interface EmbeddedPostgres {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(opts: { dataDir: string; port?: number }): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(opts.dataDir, "pg");
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir, extensions: { vector } });
  await db.exec("CREATE EXTENSION IF NOT EXISTS vector");
  const server = new PGLiteSocketServer({ db, port: opts.port ?? 0, host: "127.0.0.1", maxConnections: 100 });
  await server.start();
  let stopped = false;
  return {
    url: `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable`,
    dataDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}
