import { defineConfig, devices } from "@playwright/test";

// The portal under test is started by scripts/e2e.ts (`npm start` on a fresh DATA_DIR) and its
// address passed in E2E_BASE_URL; Chromium is Debian's, never a downloaded build.
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";

// Specs share one portal. Those that upload (models, samples, results) run after the others, which
// assert the demo pool as generated (its planted leaders and counts).
const WRITERS = /(benchmarks|evaluate|hostile|images|outputs|upload)\.spec\.ts$/;
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } };

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  // One retry: a test that passes on it is reported as "flaky" in the log, beside what the browser
  // saw go wrong in the first attempt (e2e/fixtures.ts); a test that fails twice fails the run.
  retries: 1,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "desktop", testIgnore: WRITERS, use: desktop },
    { name: "desktop-uploads", testMatch: WRITERS, dependencies: ["desktop"], use: desktop },
  ],
});
