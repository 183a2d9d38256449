import { mkdirSync } from "node:fs";
import { expect, test } from "./fixtures";
import { plantedLeader } from "../scripts/demo/planted";

// Compare three models: pick them in the model picker, read the head-to-head heatmap, the
// per-benchmark bars and open a sample where they disagree. The three are the demo's planted
// leaders overall (a generalist), of biology and of programming (the coder).
const THREE = [plantedLeader("overall"), plantedLeader("biology"), plantedLeader("programming")];

function percent(text: string | null): number {
  return Number((text ?? "").replace("%", ""));
}

test("compare three models chosen in the picker", async ({ page }) => {
  await page.goto(`/compare?models=${THREE[0]}&models=${THREE[1]}`);
  await expect(page.getByRole("heading", { name: "Compare models" })).toBeVisible();

  // Add the third model with the picker (keyboard: focus the checkbox, Space, then submit).
  const picker = page.getByTestId("model-picker");
  await picker.getByLabel(THREE[2]).focus();
  await page.keyboard.press("Space");
  await expect(picker.getByLabel(THREE[2])).toBeChecked();
  await page.getByRole("button", { name: "Compare 3 models" }).click();
  await page.waitForURL((url) => url.searchParams.getAll("models").length === 3);
  expect(new URL(page.url()).searchParams.getAll("models")).toEqual(THREE);

  // Heatmap: the three names as row and column headers, a probability for every ordered pair.
  const heatmap = page.getByTestId("heatmap");
  await expect(heatmap.getByRole("columnheader")).toHaveText(THREE);
  await expect(heatmap.getByRole("rowheader")).toHaveText(THREE);
  for (const a of THREE) {
    for (const b of THREE) {
      if (a === b) continue;
      const ab = heatmap.locator(`td[data-row="${a}"][data-col="${b}"]`);
      const ba = heatmap.locator(`td[data-row="${b}"][data-col="${a}"]`);
      await expect(ab).toHaveText(/^\d+(\.\d)?%$/);
      expect(percent(await ab.textContent()) + percent(await ba.textContent())).toBeCloseTo(100, 5);
      expect(Number(await ab.getAttribute("data-p")) + Number(await ba.getAttribute("data-p"))).toBeCloseTo(1, 9);
    }
  }
  // The generalist beats the coder overall.
  expect(percent(await heatmap.locator(`td[data-row="${THREE[0]}"][data-col="${THREE[2]}"]`).textContent())).toBeGreaterThan(50);

  // Empirical records: one row per pair, with counts.
  await expect(page.getByTestId("pairwise-row")).toHaveCount(3);

  // Per-benchmark grouped bars: a legend with the three names and bars drawn; the numbers
  // behind them show the coder leading demo-code-tests.
  const benchmarks = page.locator("section", { has: page.getByRole("heading", { name: "Scores by benchmark" }) });
  for (const m of THREE) await expect(benchmarks.locator(".recharts-legend-item-text", { hasText: m })).toBeVisible();
  expect(await benchmarks.locator(".recharts-bar-rectangle").count()).toBeGreaterThanOrEqual(3 * 10);
  // Each group's label carries its number of samples (what makes an interval wide): the table's.
  const codeLabel = benchmarks.locator(".recharts-cartesian-axis-tick-value", { hasText: /^demo-code-tests \(\d+\)$/ });
  await expect(codeLabel).toHaveCount(1);
  const labelled = Number(/\((\d+)\)$/.exec((await codeLabel.textContent())!)![1]);
  // The table is rendered only once opened (the page does not carry forty tables nobody opened).
  await expect(benchmarks.locator("tr[data-subset]")).toHaveCount(0);
  await benchmarks.getByText("Table of these scores").click();
  const code = benchmarks.locator('tr[data-subset="demo-code-tests"] td');
  const codeScores = (await code.allTextContents()).slice(1).map((t) => Number(t.replace("−", "-").replace("+", "")));
  expect(Number((await code.first().textContent())!.replace(/,/g, ""))).toBe(labelled);
  expect(codeScores.indexOf(Math.max(...codeScores))).toBe(2);

  // Where they disagree: a sample link that opens the sample's evidence.
  const rows = page.getByTestId("disagreement-row");
  expect(await rows.count()).toBeGreaterThan(0);
  mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: "e2e/screenshots/compare.png", fullPage: true });

  const link = rows.first().locator('a[href^="/samples/"]');
  const id = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sample ${id}`);
  await expect(page.getByTestId("ranking-group").first()).toBeVisible();
});

test("an unknown model is named in the error", async ({ page }) => {
  await page.goto(`/compare?models=${THREE[0]}&models=no-such-model`);
  await expect(page.getByRole("alert").filter({ hasText: "cannot be compared" })).toContainText('unknown model "no-such-model"');
});
