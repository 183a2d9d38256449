// Resident memory and CPU time of `npm start`'s processes, read from /proc (Linux): the start
// process itself (which runs the embedded database), its web server and its worker, each with its
// descendants.
import { readdirSync, readFileSync } from "node:fs";

function read(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** The fields of /proc/PID/stat from the third (state) on, or null for a process gone. */
function statFields(pid: number | string): string[] | null {
  const stat = read(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: fields resume after the last ')'.
  return stat ? stat.slice(stat.lastIndexOf(")") + 2).split(" ") : null;
}

/** Parent pid of every live process. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields) out.set(Number(entry), Number(fields[1]));
  }
  return out;
}

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? "");
  return m ? Number(m[1]) * 1024 : 0;
}

function descendants(pid: number, ppids: Map<number, number>): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const [child, parent] of ppids) if (parent === out[i]) out.push(child);
  return out;
}

export const cmdline = (pid: number) => (read(`/proc/${pid}/cmdline`) ?? "").split("\0").join(" ");

/** The live child of `parentPid` whose command line matches `pattern` (e.g. `npm start`'s web server). */
export function childMatching(parentPid: number, pattern: RegExp): number | null {
  for (const [child, parent] of parents()) if (parent === parentPid && pattern.test(cmdline(child))) return child;
  return null;
}

/** `npm start`'s web server: `next start -p PORT`, which renames itself `next-server (vX.Y.Z)`. */
export const WEB_SERVER = /^next-server\b| start -p /;

export type Role = "db" | "web" | "worker";

/** User + system CPU seconds of a live process, all its threads (fields 14 and 15 of /proc/PID/stat). */
function cpuSecondsOf(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS : 0;
}
/** USER_HZ: 100 on Linux for every architecture Node runs on. */
const CLOCK_TICKS = 100;

/**
 * A per-role sum now: `db` is the start process alone (it runs the embedded database), or with
 * `dbPid` that process and its descendants (a native server's postmaster: its backends, autovacuum,
 * parallel workers); web and worker include their descendants.
 */
function perRole(startPid: number, of: (pid: number) => number, dbPid?: number): Record<Role, number> {
  const ppids = parents();
  const db = dbPid === undefined ? of(startPid) : descendants(dbPid, ppids).reduce((sum, p) => sum + of(p), 0);
  const out: Record<Role, number> = { db, web: 0, worker: 0 };
  for (const [child, parent] of ppids) {
    if (parent !== startPid) continue;
    const cmd = cmdline(child);
    const role: Role | null = WEB_SERVER.test(cmd) ? "web" : cmd.includes("workers/index.ts") ? "worker" : null;
    if (role) out[role] += descendants(child, ppids).reduce((sum, p) => sum + of(p), 0);
  }
  return out;
}

/** RSS per role now. */
export const sampleRss = (startPid: number): Record<Role, number> => perRole(startPid, rssBytes);

/**
 * CPU seconds per role so far (live processes only: a process that exited, e.g. a restarted web
 * server, takes its time with it). The difference over a run says how much of the machine the
 * portal got: on a machine shared with other sessions' processes (each session its own scheduler
 * group), a busy portal may get half of it whatever their nice value.
 */
export const sampleCpu = (startPid: number, dbPid?: number): Record<Role, number> => perRole(startPid, cpuSecondsOf, dbPid);

/** The postmaster's pid of a native server, from its data directory's postmaster.pid; null when not running. */
export function postmasterPid(dataDir: string): number | null {
  const pid = Number((read(`${dataDir}/postmaster.pid`) ?? "").split("\n")[0]);
  return Number.isInteger(pid) && pid > 0 && read(`/proc/${pid}/stat`) !== null ? pid : null;
}

/** Samples every `everyMs` and keeps the peak per role. */
export function rssPeaks(startPid: number, everyMs = 250): { peaks: Record<Role, number>; reset(): void; stop(): void } {
  const peaks: Record<Role, number> = { db: 0, web: 0, worker: 0 };
  const timer = setInterval(() => {
    const now = sampleRss(startPid);
    for (const r of Object.keys(peaks) as Role[]) peaks[r] = Math.max(peaks[r], now[r]);
  }, everyMs);
  return {
    peaks,
    reset: () => Object.assign(peaks, { db: 0, web: 0, worker: 0 }),
    stop: () => clearInterval(timer),
  };
}
