// Which kind of server DATABASE_URL points at: the embedded PGlite (one session for every client,
// so any long statement stalls everyone) or a real PostgreSQL. Asked once per process.
import { pool } from "./client";

let embedded: Promise<boolean> | undefined;

export function isEmbeddedServer(): Promise<boolean> {
  embedded ??= pool()
    .query<{ e: boolean }>(`SELECT version() LIKE '%PGlite%' AS e`)
    .then((r) => r.rows[0].e)
    .catch((err: unknown) => {
      embedded = undefined;
      throw err;
    });
  return embedded;
}
