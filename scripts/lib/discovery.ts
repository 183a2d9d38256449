// How command-line scripts find a running portal's database: `npm start` writes
// DATA_DIR/portal.json (mode 0600: it holds the database URL) while it runs, and removes it when it
// stops. A script started without DATABASE_URL on a DATA_DIR that a live `npm start` holds reads it.
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { alive } from "./data-dir-lock";

export interface Discovery {
  pid: number;
  databaseUrl: string;
  port: number;
}

const file = (dataDir: string) => path.join(dataDir, "portal.json");


export function writeDiscovery(dataDir: string, d: Omit<Discovery, "pid">): void {
  const f = file(dataDir);
  writeFileSync(f, JSON.stringify({ pid: process.pid, ...d }), { mode: 0o600 });
  chmodSync(f, 0o600);
  process.on("exit", () => {
    if (readDiscovery(dataDir)?.pid === process.pid) rmSync(f, { force: true });
  });
}

/** The running portal of `dataDir`, or null (none, or its process is gone). */
export function readDiscovery(dataDir: string): Discovery | null {
  const f = file(dataDir);
  if (!existsSync(f)) return null;
  try {
    const d = JSON.parse(readFileSync(f, "utf8")) as Discovery;
    return typeof d.databaseUrl === "string" && alive(d.pid) ? d : null;
  } catch {
    return null;
  }
}
