// The one database client of a process: a pg Pool (bulk writes, COPY, pgvector queries) and a
// Prisma client on top of the same pool (typed CRUD). Cached on globalThis so Next.js hot reloads
// and repeated imports share it.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseUrl } from "@/lib/env";

interface DbGlobals {
  pool?: pg.Pool;
  prisma?: PrismaClient;
}
const g = globalThis as unknown as { __portalDb?: DbGlobals };
const state: DbGlobals = (g.__portalDb ??= {});

// BIGINT counts come back as JS numbers (they stay far below 2^53 here).
pg.types.setTypeParser(20, (v) => Number(v));

export function pool(): pg.Pool {
  if (!state.pool) {
    state.pool = new pg.Pool({ connectionString: databaseUrl(), max: 8, idleTimeoutMillis: 30_000 });
    state.pool.on("error", (err) => console.error("[db] idle client error:", err.message));
  }
  return state.pool;
}

export function prisma(): PrismaClient {
  state.prisma ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return state.prisma;
}

/** Runs `fn` in one short transaction on one connection. Keep it short: the embedded database blocks everyone meanwhile. */
export async function withTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export async function closeDb(): Promise<void> {
  const { prisma: p, pool: pl } = state;
  state.prisma = undefined;
  state.pool = undefined;
  await p?.$disconnect();
  await pl?.end();
}
