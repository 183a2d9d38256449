// Where the vision-language demo bundle lives (written by ./generate.ts, imported by scripts/seed.ts).
import { join } from "node:path";
import { DEMO_DIR } from "../paths";

export const VISION_FILE = join(DEMO_DIR, "vision.tar.gz");
