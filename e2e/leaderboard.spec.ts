import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { DEMO_BASELINE, DEMO_MODELS, demoSummary, plantedLeader } from "../scripts/demo/planted";
import { screenshot, tableModels, tableRow, waitForEmbeddings, waitForSnapshot } from "./helpers";

// Browse a concept leaderboard: the ad hoc view of a benchmark (works without embeddings), then the
// saved "python-code" concept from its cached snapshot; switch the method (URL, label and scale
// change, and the page says it is live), switch the baseline (its score becomes 0), sort, filter,
// and export exactly the shown rows as CSV. Leaders are the demo's planted ones: demo-code-tests
// holds its programming samples, the "python-code" concept its programming/python subtopic.
const CODER = plantedLeader("programming/python");
const OTHER_BASELINE = plantedLeader("overall");
/** The coder's model family (name up to the first dash), e.g. its 33B and 7B sizes. */
const FAMILY = CODER.split("-")[0];
const FAMILY_MODELS = DEMO_MODELS.filter((m) => m.includes(FAMILY)).sort();
test("ad hoc leaderboard of a benchmark, filter only", async ({ page }) => {
  await page.goto("/leaderboard?benchmark=demo-code-tests");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("benchmark demo-code-tests");
  await expect(page.getByTestId("retrieval-summary")).toContainText(`All ${demoSummary().samplesByBenchmark["demo-code-tests"]} samples with benchmark demo-code-tests`);
  expect((await tableModels(page))[0]).toBe(plantedLeader("programming"));
  await expect(page.getByTestId("source")).toContainText("Computed live");
  // The demo's models have no facts (no model lines): no facts filter is offered that could only empty the board.
  await expect(page.getByLabel("Weights", { exact: true })).toHaveCount(0);
});

test("browse a saved concept leaderboard, switch method and baseline, sort, filter, export", async ({ page, request }) => {
  await waitForEmbeddings(request);
  await waitForSnapshot(request, "python-code");
  await page.goto("/leaderboards/python-code");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Python code");
  await expect(page.getByText("Cached snapshot")).toBeVisible();
  await expect(page.getByTestId("source")).toContainText("Computed");
  await expect(page.getByText(/95% bootstrap intervals over samples/)).toBeVisible();
  await expect(page.getByTestId("method")).toHaveText("Plackett–Luce");
  await expect(page.getByTestId("baseline")).toHaveText(DEMO_BASELINE);
  expect((await tableModels(page))[0]).toBe(CODER);
  await expect(tableRow(page, DEMO_BASELINE).getByTestId("score")).toHaveText("0.00");
  await expect(tableRow(page, CODER).getByTestId("score")).toHaveText(/^\+\d+\.\d\d$/);
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await screenshot(page, "leaderboard");

  const methods = page.getByRole("navigation", { name: "Ranking method" });
  const scoreHeader = page.locator('[data-testid="leaderboard-table"] thead th[aria-sort]').nth(2);

  // Bradley–Terry: live, same scale, same leader.
  await methods.getByRole("link", { name: "Bradley–Terry" }).click();
  await page.waitForURL(/method=bradley-terry/);
  await expect(page.getByTestId("method")).toHaveText("Bradley–Terry");
  await expect(page.getByTestId("source")).toContainText("Computed live");
  await expect(page.getByTestId("source")).toContainText("not the cached snapshot");
  expect((await tableModels(page))[0]).toBe(CODER);

  // Elo: points, integers.
  await methods.getByRole("link", { name: "Elo" }).click();
  await page.waitForURL(/method=elo/);
  await expect(page.getByTestId("method")).toHaveText("Elo");
  await expect(scoreHeader).toContainText("Score (Elo points)");
  await expect(tableRow(page, CODER).getByTestId("score")).toHaveText(/^\+\d+$/);

  // Mean score: absolute, 0–1.
  await methods.getByRole("link", { name: "Mean score" }).click();
  await page.waitForURL(/method=mean/);
  await expect(page.getByTestId("method")).toHaveText("Mean score");
  await expect(scoreHeader).toContainText("Score (0–1)");
  await expect(tableRow(page, CODER).getByTestId("score")).toHaveText(/^(0\.\d{3}|1\.000)$/);

  // Back to Plackett–Luce: the cached snapshot again.
  await methods.getByRole("link", { name: "Plackett–Luce" }).click();
  await page.waitForURL((url) => !url.search.includes("method="));
  await expect(page.getByText("Cached snapshot")).toBeVisible();

  // Another baseline: its score is 0, the former baseline's is not.
  await page.getByLabel("Baseline (fixed at 0)").selectOption(OTHER_BASELINE);
  await page.waitForURL(new RegExp(`baseline=${OTHER_BASELINE}`));
  await expect(page.getByTestId("baseline")).toHaveText(OTHER_BASELINE);
  await expect(tableRow(page, OTHER_BASELINE).getByTestId("score")).toHaveText("0.00");
  await expect(tableRow(page, DEMO_BASELINE).getByTestId("score")).not.toHaveText("0.00");
  expect((await tableModels(page))[0]).toBe(CODER);

  // Sort by samples, largest first; the URL keeps it.
  await page.getByRole("button", { name: /^Samples/ }).click();
  await expect(page).toHaveURL(/sort=-n/);
  const counts = await page.locator('[data-testid="leaderboard-table"] tbody tr td:last-child').allTextContents();
  const numbers = counts.map((c) => Number(c.replace(/,/g, "")));
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

  // Filter rows and export exactly what is shown.
  await page.getByLabel("Filter models", { exact: true }).fill(FAMILY);
  await expect(page).toHaveURL(new RegExp(`find=${FAMILY}`));
  await expect(page.getByTestId("row-count")).toContainText(`Showing ${FAMILY_MODELS.length} of`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^onebench_python-code_.*baseline-${OTHER_BASELINE}.*\\.csv$`));
  const csv = readFileSync((await download.path())!, "utf8").trim().split(/\r?\n/);
  expect(csv[0]).toBe("rank,rank_best,rank_worst,model,score,ci_low,ci_high,p_beats_baseline,win_rate_weighted,win_rate_discrete,win_rate_n,n_samples");
  expect(csv).toHaveLength(1 + FAMILY_MODELS.length);
  expect(csv.slice(1).map((l) => l.split(",")[3]).sort()).toEqual(FAMILY_MODELS);

  // The shared URL restores the whole view.
  const shared = page.url();
  await page.goto(shared);
  await expect(page.getByLabel("Filter models", { exact: true })).toHaveValue(FAMILY);
  await expect(page.getByTestId("baseline")).toHaveText(OTHER_BASELINE);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/leaderboards/python-code");
  // Every ranking method's tab lies within the screen (they wrap; they used to scroll out of sight).
  const tabs = page.getByRole("navigation", { name: "Ranking method" }).getByRole("link");
  // Waited for (the page may still be arriving): the six methods of spec/api.md.
  await expect(tabs).toHaveCount(6);
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await screenshot(page, "leaderboard-mobile");
});
