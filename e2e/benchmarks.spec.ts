import { expect, test } from "./fixtures";
import { plantedPool, WRONG_KEYS } from "../test/health-pool";
import { screenshot } from "./helpers";

// "Find out which benchmarks are broken": a pool with a DROP-like benchmark, wrong answer keys and
// copied questions is uploaded; the worker's health check flags them on /benchmarks, the flagged
// sample shows its flags, and a leaderboard says what it contains and leaves it out on request.
test("benchmark health: /benchmarks, a flagged sample, and the exclude switch on the leaderboard", async ({ page, request }) => {
  // The worker embeds, refreshes and checks after the upload: minutes on a loaded machine.
  test.setTimeout(300_000);
  const token = process.env.E2E_TOKEN;
  expect(token, "scripts/e2e.ts creates a token").toBeTruthy();
  const body = plantedPool().map((l) => JSON.stringify(l)).join("\n") + "\n";
  const res = await request.post("/api/uploads", { headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" }, data: body });
  expect(res.status()).toBeLessThan(300);

  // The worker checks health after the publish (one job, coalesced): wait for drop-like to appear.
  await expect
    .poll(
      async () => {
        const h = await (await request.get("/api/benchmarks")).json();
        return h.benchmarks.some((b: { name: string }) => b.name === "drop-like") ? "checked" : h.status;
      },
      { timeout: 240_000, intervals: [1000, 2000] },
    )
    .toBe("checked");

  await page.goto("/benchmarks");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Benchmark health");
  const drop = page.getByTestId("benchmark-cards").locator("section").filter({ has: page.getByRole("link", { name: "drop-like", exact: true }) });
  await expect(drop).toContainText("critical");
  await expect(drop.getByTestId("flag-answer_normalisation")).toBeVisible();
  await expect(drop.getByTestId("flag-floor")).toBeVisible();
  const arith = page.getByTestId("benchmark-cards").locator("section").filter({ has: page.getByRole("link", { name: "arith", exact: true }) });
  await expect(arith).toContainText("τ =");
  await screenshot(page, "benchmarks");

  await page.goto("/benchmarks/trivia");
  const flagged = page.getByTestId("flagged-samples").locator("li").first();
  await expect(flagged.getByTestId("flag-negative_discrimination")).toBeVisible();
  const first = await flagged.locator("a").first().textContent();
  expect(WRONG_KEYS).toContain(first);
  await flagged.locator("a").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(first!);
  await expect(page.getByTestId("flag-negative_discrimination")).toContainText("reference answer may be wrong");
  await screenshot(page, "flagged-sample");

  await page.goto("/leaderboard?benchmark=arith&benchmark=trivia&benchmark=drop-like");
  const notice = page.getByTestId("selection-health");
  await expect(notice).toContainText("flagged benchmark");
  await expect(notice.getByTestId("health-drop-like")).toBeVisible();
  await notice.getByTestId("exclude-flagged").click();
  await page.waitForURL(/exclude_flagged=true/);
  await expect(page.getByTestId("selection-health")).toContainText("Excluded what the health check flagged");
  await expect(page.getByTestId("selection-health")).toContainText("drop-like");
  await expect(page.getByTestId("selection-health")).not.toContainText("every sample of trivia");
  await screenshot(page, "leaderboard-excluded");

  // The samples list has the same switch: flagged samples of trivia leave the list.
  await page.goto("/samples?benchmark=trivia&limit=200");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Samples");
  await expect(page.getByText("120 samples")).toBeVisible();
  await expect(page.getByTestId("selection-health")).toContainText("flagged sample");
  await page.getByTestId("selection-health").getByTestId("exclude-flagged").click();
  await page.waitForURL(/\/samples\?.*exclude_flagged=true/);
  await expect(page.getByTestId("selection-health")).toContainText("Excluded what the health check flagged");
  await expect(page.getByText("120 samples")).toHaveCount(0);
  await screenshot(page, "samples-excluded");
});
