// The one database client of a process: a pg Pool, cached on globalThis so Next.js hot reloads and
// repeated imports share it. Every statement lives in a named query under lib/db/queries.
import pg from "pg";
import { databaseUrl, env } from "@/lib/env";
import { logger } from "@/lib/log";
import { timeStatements } from "./request-timing";

type ConnectHook = (client: pg.PoolClient) => Promise<void>;
const g = globalThis as unknown as { __portalDb?: { pool?: pg.Pool; onConnect?: ConnectHook } };
const state = (g.__portalDb ??= {});

// BIGINT counts come back as JS numbers (they stay far below 2^53 here).
pg.types.setTypeParser(20, (v) => Number(v));

/** The pool, or one connection inside a transaction: named queries accept either. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, "query">;

export function pool(): pg.Pool {
  if (!state.pool) {
    // A database that does not answer (a host gone, a full pool) fails a request after the connect
    // timeout instead of holding it forever; the handler answers it 503 with Retry-After.
    state.pool = new pg.Pool({ connectionString: databaseUrl(), max: 8, idleTimeoutMillis: 30_000, connectionTimeoutMillis: env().DB_CONNECT_TIMEOUT_MS });
    // The pool drops a dead idle client by itself and connects anew on the next query.
    state.pool.on("error", (err) => logger("db").warn({ code: (err as { code?: string }).code, error: err.message }, "idle client lost"));
    // Each statement counts into the timing of the request that runs it (./request-timing.ts).
    // The hook's statements are queued on the new connection ahead of the first user's.
    timeStatements(state.pool);
    state.pool.on("connect", (client) => {
      timeStatements(client);
      void state.onConnect?.(client).catch((err: Error) => logger("db").warn({ err }, "connection set-up failed"));
    });
  }
  return state.pool;
}

/** Runs `hook` on every connection the pool opens from now on (before its first statement); one hook per process. */
export function onConnect(hook: ConnectHook): void {
  state.onConnect = hook;
}

/** Runs a statement that returns no rows; resolves to the number of rows it changed. */
export async function execute(db: Queryable, text: string, values?: unknown[]): Promise<number> {
  const r = await db.query<Record<string, never>>(text, values);
  return r.rowCount ?? 0;
}

/** Runs `fn` in one short transaction on one connection. Keep it short: the embedded database blocks everyone meanwhile. */
export async function withTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await execute(client, "BEGIN");
    const result = await fn(client);
    await execute(client, "COMMIT");
    return result;
  } catch (err) {
    await execute(client, "ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Whether `err` is a unique violation (23505): another transaction wrote the key first. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === "23505";
}

/**
 * `run` (a look-up, then a write in one transaction), run again when its write meets a key that
 * another transaction took between the two (a unique violation): at most `attempts` times in all.
 */
export async function retryOnUniqueViolation<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= attempts) throw err;
    }
  }
}

export async function closeDb(): Promise<void> {
  const p = state.pool;
  state.pool = undefined;
  await p?.end();
}
