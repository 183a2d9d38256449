// The specs' `test`: Playwright's, with what the browser saw go wrong printed beside a failure —
// uncaught page errors, console errors, answers ≥ 500 and failed requests, with their times. CI
// keeps only the log (no trace, no screenshot), so a failure that happens once in many runs can
// still be understood from it.
import { test as base } from "@playwright/test";

export { expect, type Page, type APIRequestContext } from "@playwright/test";

export const test = base.extend<{ browserProblems: string[] }>({
  browserProblems: [
    async ({ page }, use, testInfo) => {
      const t0 = Date.now();
      const seen: string[] = [];
      const note = (what: string) => seen.push(`+${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`.slice(0, 600));
      page.on("pageerror", (err) => note(`page error: ${err.stack ?? err.message}`));
      page.on("console", (msg) => {
        if (msg.type() === "error") note(`console error: ${msg.text()}`);
      });
      page.on("response", (res) => {
        if (res.status() >= 500) note(`${res.status()} ${res.request().method()} ${res.url()}`);
      });
      page.on("requestfailed", (req) => note(`request failed (${req.failure()?.errorText ?? "?"}): ${req.method()} ${req.url()}`));
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
      });
      await use(seen);
      if (testInfo.status !== testInfo.expectedStatus) {
        const problems = seen.filter((s) => !s.includes(" navigated to "));
        console.log(`\n[e2e] what the browser saw in "${testInfo.title}" (${problems.length} problems):\n${seen.map((s) => `  ${s}`).join("\n")}\n`);
        console.log(`[e2e] the page at the failure: ${page.url()}\n${(await page.locator("main").innerText({ timeout: 2_000 }).catch(() => "(no <main>)")).slice(0, 1_500)}\n`);
      }
    },
    { auto: true },
  ],
});
