import { expect, test } from "@playwright/test";
import { screenshot, waitForEmbeddings, waitForSnapshot } from "./helpers";

// Home: the capability query box, the overall leaderboard (atlas-70b-instruct first of the demo's
// 16 models), the pool's counts and embedder, and the saved concept cards with their leaders.
test("home shows the overall leaderboard, the pool, the concept cards and the query box", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("best for your capability");
  await expect(page.getByRole("combobox", { name: "Capability" })).toBeVisible();

  // The overall leaderboard: top 10 of 16, atlas-70b-instruct first, the baseline at 0.
  const global = page.getByTestId("global-leaderboard");
  await expect(global.locator("li")).toHaveCount(10);
  await expect(global.locator("li").first()).toHaveAttribute("data-model", "atlas-70b-instruct");
  await expect(global.locator('li[data-model="reference-4o-mini"]')).toContainText("0.00");
  await expect(page.getByTestId("global-caption")).toContainText("Top 10 of 16 models · 542 samples");

  // The pool.
  await expect(page.getByTestId("stat-samples")).toHaveText("542");
  await expect(page.getByTestId("stat-models")).toHaveText("16");
  await expect(page.getByTestId("stat-benchmarks")).toHaveText("12");

  // Concept cards fill in once the worker has embedded the pool and computed their snapshots.
  await waitForEmbeddings(request);
  for (const slug of ["antibodies", "python-code", "contract-law", "macroeconomics"]) await waitForSnapshot(request, slug);
  await page.reload();
  await expect(page.getByTestId("embedder")).toContainText(/offline LSA fallback, not MiniLM|MiniLM/);
  const cards = page.getByTestId("concept-cards");
  expect(await cards.getByTestId("concept-card").count()).toBeGreaterThanOrEqual(10);
  const leaderOf = (slug: string) => cards.locator(`[data-slug="${slug}"] ol li`).first();
  await expect(leaderOf("antibodies")).toContainText("helix-bio-34b");
  await expect(leaderOf("python-code")).toContainText("orca-coder-33b");
  await expect(leaderOf("contract-law")).toContainText("sage-law-13b");
  await expect(leaderOf("macroeconomics")).toContainText("ledger-econ-20b");
  await screenshot(page, "home");

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "home-mobile");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The query box leads to the live leaderboard of that capability.
  await page.getByRole("combobox", { name: "Capability" }).fill("antibodies");
  await page.getByRole("button", { name: "Rank models" }).click();
  await page.waitForURL(/\/leaderboard\?q=antibodies&k=200&threshold=0.2/);
  await expect(page.locator('[data-testid="leaderboard-table"] tbody tr').first()).toHaveAttribute("data-model", "helix-bio-34b");
  await expect(page.getByTestId("retrieval-summary")).toContainText("retrieved for “antibodies”");
});
