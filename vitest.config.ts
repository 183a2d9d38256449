import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("./", import.meta.url));

export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    // One JSON line per API request and job would bury the test output; tests that look at log
    // lines capture them at the level they need (lib/log.ts redirectLogs).
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    // Vitest runs cores − 1 test files at once by default: one on a 2-core machine, where the unit
    // stage then used one core for 143 s; two at once took 91 s (the main process mostly waits).
    // The integration project runs its files in one fork whatever this says.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "workers/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          // Generous: the heavy real-data tests take ~10 s alone and several times that on a busy machine.
          testTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["node_modules/**"],
          globalSetup: ["./test/global-setup.ts"],
          // Files share one database (embedded: one Postgres session for every client; native
          // server: one fresh database per run) and count what is in it: run them one at a time.
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
