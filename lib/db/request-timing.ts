// The database's share of a request: the statements a request ran and how long they took, summed
// (statements run in parallel add up), for its log line (lib/api/handler.ts). A request's work is
// followed through its async calls by an AsyncLocalStorage; statements outside one (background
// loads, the worker) are not counted. Where the web servers wait on the database rather than on
// their CPU, this shows it (bench:load --db native: the web servers used 1–1.45 of two cores
// while requests queued).
import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";

export interface DbTiming {
  /** Statements the request ran. */
  queries: number;
  /** Their durations summed, ms: from the call to the answer, the wait for a pooled connection included. */
  ms: number;
}

const store = new AsyncLocalStorage<DbTiming>();

/** Runs `fn` with its statements counted into `timing` (which holds the count even when `fn` throws). */
export function countingDb<T>(timing: DbTiming, fn: () => Promise<T>): Promise<T> {
  return store.run(timing, fn);
}

const TIMED = Symbol.for("portal.dbTimed");

type Querying = { query: (...args: unknown[]) => unknown; [TIMED]?: true };

/**
 * Makes a pool, or a connection checked out of it, count its statements into the timing of the
 * request that runs them (once per object). Only promise calls count: the pool runs each of its
 * own on a connection with a callback, which is not counted again, and a callback may run in
 * another request's context (the one that freed the connection).
 */
export function timeStatements(target: pg.Pool | pg.ClientBase): void {
  const t = target as unknown as Querying;
  if (t[TIMED]) return;
  t[TIMED] = true;
  const query = t.query;
  t.query = function timedQuery(this: unknown, ...args: unknown[]) {
    const timing = typeof args[args.length - 1] === "function" ? undefined : store.getStore();
    const out = query.apply(this, args);
    if (timing && out && typeof (out as Promise<unknown>).then === "function") {
      const t0 = performance.now();
      timing.queries++;
      const done = () => void (timing.ms += performance.now() - t0);
      (out as Promise<unknown>).then(done, done);
    }
    return out;
  };
}
