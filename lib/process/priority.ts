// The worker's lower CPU priority (WORKER_NICE), applied where its work actually runs:
//   - every thread of the process: Linux keeps a nice value per thread, and os.setPriority(0, n)
//     changes only the calling one, so V8's platform threads (GC helpers: concurrent marking of the
//     worker's heaps, its compute threads' included) started before it kept nice 0. Threads started
//     later inherit the value of the thread that starts them.
//   - the database sessions it opens, when the database server runs on this host (npm start with a
//     local PostgreSQL, one VM): an import's inserts, the HNSW build, a refresh's reads are work of
//     a Postgres backend process, not of the worker. Where the server is elsewhere (another host,
//     another container's PID namespace) or refuses (another user without privilege), sessions keep
//     their priority and the outcome says so. The embedded database runs in the start process,
//     whose own scheduler lets web statements go first (lib/db/embedded-queue.ts).
import { readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";
import type { Queryable } from "@/lib/db/client";

/** Lowers every thread of this process to `nice`; returns how many threads were changed. */
export function lowerProcessPriority(nice: number): number {
  setPriority(nice);
  let changed = 1;
  let tids: string[] = [];
  try {
    tids = readdirSync("/proc/self/task");
  } catch {
    return changed; // not Linux: the process-wide call above is all there is
  }
  for (const tid of tids) {
    if (Number(tid) === process.pid) continue;
    try {
      setPriority(Number(tid), nice);
      changed++;
    } catch {
      // a thread that ended meanwhile
    }
  }
  return changed;
}

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
