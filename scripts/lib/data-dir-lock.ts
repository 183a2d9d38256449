// The embedded database's files belong to one process at a time: a second `npm start` (or an
// importer without DATABASE_URL) on the same DATA_DIR would corrupt them.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Whether a process with this pid is running (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function acquireDataDirLock(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "portal.pid");
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8").trim());
    if (pid && pid !== process.pid && alive(pid)) {
      throw new Error(
        `${path.resolve(dataDir)} is in use by process ${pid} (a running \`npm start\`?). ` +
          "Stop it, use another DATA_DIR, or point DATABASE_URL at its database.",
      );
    }
  }
  writeFileSync(file, String(process.pid));
  process.on("exit", () => {
    if (existsSync(file) && readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file);
  });
}
