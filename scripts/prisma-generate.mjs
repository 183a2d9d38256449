// Runs `prisma generate` after install. The Prisma CLI wants a schema engine even though
// generate does not use it; where none can be downloaded we point it at a stub.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(new URL("./bin/no-schema-engine", import.meta.url));
const r = spawnSync("npx", ["prisma", "generate"], { stdio: "inherit", env });
process.exit(r.status ?? 1);
