import { expect, test } from "./fixtures";
import { demoSummary, plantedLeader } from "../scripts/demo/planted";
import { screenshot, waitForEmbeddings } from "./helpers";

// Query the pool: a filter-only query (works before the semantic index exists), then a capability
// query ("antibodies") with the retrieved samples beside a leaderboard that the demo's planted
// immunology leader leads, the too-few-samples warning, and saving the query as a concept
// leaderboard that then appears on the home page.
const ANTIBODIES_LEADER = plantedLeader("biology/immunology");
test("filter-only query: benchmark demo-bio-qa", async ({ page }) => {
  await page.goto("/query");
  await page.locator("summary", { hasText: "Benchmarks" }).click();
  await page.getByRole("checkbox", { name: /demo-bio-qa/ }).check();
  await page.getByRole("button", { name: "Retrieve and rank" }).click();
  await page.waitForURL(/benchmark=demo-bio-qa/);
  await expect(page.getByTestId("retrieved-count")).toContainText(`Showing 50 of ${demoSummary().samplesByBenchmark["demo-bio-qa"]} retrieved samples`);
  await expect(page.getByTestId("retrieved-samples").locator("li").first()).toContainText("demo-bio-qa/");
  await expect(page.getByTestId("query-leaderboard").locator("li").first()).toHaveAttribute("data-model", plantedLeader("biology"));
});

test("capability query, retrieved samples beside the leaderboard, saved as a concept", async ({ page, request }) => {
  const token = process.env.E2E_TOKEN;
  expect(token, "scripts/e2e.ts creates a token").toBeTruthy();
  await waitForEmbeddings(request);

  await page.goto("/query");
  await page.getByLabel("Capability (free text)").fill("antibodies");
  await expect(page.getByLabel("Min. similarity")).toHaveValue("");
  await page.getByRole("button", { name: "Retrieve and rank" }).click();
  await page.waitForURL(/q=antibodies$/);
  await expect(page.getByTestId("cut-summary")).toContainText("adaptive");
  // Adaptive: the order is the fused one (similarity and keywords), not the similarity shown alone.
  await expect(page.getByTestId("retrieved-count")).toContainText("retrieved samples, most relevant first (the similarity's rank fused with the keyword matches' rank)");
  const samples = page.getByTestId("retrieved-samples").locator("li");
  expect(await samples.count()).toBeGreaterThanOrEqual(20);
  await expect(samples.first()).toContainText("demo-bio-qa/");
  await expect(samples.first()).toContainText(/0\.\d\d/);
  await expect(samples.first().locator('a[href^="/samples/demo-bio-qa/"]')).toBeVisible();
  await expect(page.getByTestId("query-leaderboard").locator("li").first()).toHaveAttribute("data-model", ANTIBODIES_LEADER);
  await expect(page.getByTestId("few-samples")).toHaveCount(0);
  await screenshot(page, "query");

  // Too few samples: a clear warning.
  await page.goto("/query?q=antibodies&k=5");
  await expect(page.getByTestId("few-samples")).toContainText("Only 5 samples retrieved: too few to rank reliably");

  // Writes need a token.
  const unauth = await request.post("/api/leaderboards", { data: { slug: "nope", title: "Nope" } });
  expect(unauth.status()).toBe(401);

  // Save the antibodies query as a concept leaderboard.
  await page.goto("/query?q=antibodies");
  await page.getByLabel("Title").fill("E2E antibodies");
  await expect(page.getByLabel("Slug (its URL)")).toHaveValue("e2e-antibodies");
  await page.getByLabel("Upload token").fill(token!);
  await page.getByRole("button", { name: "Save as concept leaderboard" }).click();
  await expect(page.getByTestId("saved-notice")).toContainText("Saved as “E2E antibodies”");

  // Saving the same slug again is refused.
  await page.reload();
  await page.getByLabel("Title").fill("E2E antibodies");
  await expect(page.getByLabel("Upload token")).toHaveValue(token!);
  await page.getByRole("button", { name: "Save as concept leaderboard" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "already exists" })).toBeVisible();

  // It is listed on the home page, and its snapshot soon names the planted leader first.
  await page.goto("/");
  const card = page.locator('[data-testid="concept-card"][data-slug="e2e-antibodies"]');
  await expect(card).toContainText("E2E antibodies");
  await expect(async () => {
    await page.reload();
    await expect(card.locator("ol li").first()).toContainText(ANTIBODIES_LEADER, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});
