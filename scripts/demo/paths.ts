// Where the demo data set lives in the repository (read by tests, written by generate.ts).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const DEMO_DIR = join(PROJECT_ROOT, "data", "demo");
export const DEMO_FILE = join(DEMO_DIR, "demo.jsonl.gz");
export const SUMMARY_FILE = join(DEMO_DIR, "summary.json");
export const README_FILE = join(DEMO_DIR, "README.md");
