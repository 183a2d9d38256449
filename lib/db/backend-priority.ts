// The worker's lower CPU priority (WORKER_NICE) on the database sessions it opens, when the
// database server runs on this host (npm start with a local PostgreSQL, one VM): an import's
// inserts, the HNSW build, a refresh's reads are work of a Postgres backend process, not of the
// worker. Where the server is elsewhere (another host, another container's PID namespace) or
// refuses (another user without privilege), sessions keep their priority and the outcome says so.
// The embedded database runs in the start process, whose own scheduler lets web statements go
// first (./embedded-queue.ts).
import { readFileSync } from "node:fs";
import { setPriority } from "node:os";
import type { Queryable } from "./client";

export type BackendPriority = "lowered" | "embedded" | "not on this host" | "refused";

/** Lowers the CPU priority of the Postgres backend process serving `client`, where it runs on this host. */
export async function lowerBackendPriority(client: Queryable, nice: number): Promise<BackendPriority> {
  const { rows } = await client.query<{ pid: number; embedded: boolean }>(`SELECT pg_backend_pid() AS pid, version() LIKE '%PGlite%' AS embedded`);
  const { pid, embedded } = rows[0];
  if (embedded) return "embedded";
  // The pid is the server's: it names a process of this host only if that process is a Postgres one.
  let comm = "";
  try {
    comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "not on this host";
  }
  if (comm !== "postgres") return "not on this host";
  try {
    setPriority(pid, nice);
    return "lowered";
  } catch {
    return "refused";
  }
}
