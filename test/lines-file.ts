// A results file of these lines (JSON Lines) in a fresh temporary directory, for tests that import
// files through the real path (importFile), as a user's upload arrives.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

let dir: string | null = null;
let n = 0;

export function linesFile(lines: object[]): string {
  dir ??= mkdtempSync(path.join(tmpdir(), "lines-file-"));
  const f = path.join(dir, `f${n++}.jsonl`);
  writeFileSync(f, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return f;
}
