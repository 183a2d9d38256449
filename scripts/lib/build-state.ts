// Decides whether `npm start` must (re)build the Next.js app: no build yet, or sources newer than it.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "components", "lib", "next.config.ts", "package.json", "postcss.config.mjs", "tsconfig.json"];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name.startsWith(".")) continue;
    const child = path.join(p, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(child));
    else if (!entry.name.endsWith(".test.ts")) newest = Math.max(newest, statSync(child).mtimeMs);
  }
  return newest;
}

export function buildIsStale(root: string): { stale: boolean; reason: string } {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return { stale: true, reason: "no production build yet" };
  const built = statSync(buildId).mtimeMs;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  return newest > built ? { stale: true, reason: "sources changed since the last build" } : { stale: false, reason: "build is current" };
}
