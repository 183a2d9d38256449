/**
 * Writes data/demo/vision.tar.gz: the vision-language demo as an upload bundle (one results file
 * and the PNGs its samples name), imported by `npm start` after the text demo through the same
 * importer users run. Deterministic (seeded Rng, fixed SVG, gzip without name or mtime).
 *
 *   npx tsx scripts/demo/vision/generate.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { tarGzBundle } from "../../lib/bundle-writer";
import { DEMO_DIR } from "../paths";
import { visionBundleFiles } from "./build";
import { VISION_FILE } from "./paths";

async function main() {
  const files = await visionBundleFiles();
  mkdirSync(DEMO_DIR, { recursive: true });
  const bundle = tarGzBundle(files);
  writeFileSync(VISION_FILE, bundle);
  console.log(`wrote ${VISION_FILE}: ${files.length - 1} images, ${(bundle.length / 1024).toFixed(0)} KiB`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) void main();
