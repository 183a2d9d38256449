import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "./fixtures";
import { demoModelsOn, demoSamplesWithResult, plantedLeader } from "../scripts/demo/planted";

// "Open the evidence of a sample from a leaderboard row": leaderboard → model row → the samples
// behind that row → one sample's measurements and the sample-level ranking they became.
// demo-bio-qa holds the demo's biology questions; MODEL is the planted biology leader.
const MODEL = plantedLeader("biology");

function num(text: string | null): number {
  return Number((text ?? "").trim());
}

async function openModelFromLeaderboard(page: Page) {
  const res = await page.goto("/leaderboard?benchmark=demo-bio-qa");
  const row = page.locator(`a[href^="/models/${MODEL}?"]`).first();
  if (res?.ok() && (await row.count()) > 0) {
    await row.click();
  } else {
    await page.goto(`/models/${MODEL}?benchmark=demo-bio-qa`);
  }
  await page.waitForURL(new RegExp(`/models/${MODEL}\\?.*benchmark=demo-bio-qa`));
}

test("open the evidence of a sample from a leaderboard row", async ({ page }) => {
  mkdirSync("e2e/screenshots", { recursive: true });
  await openModelFromLeaderboard(page);

  // The model page: its row of this selection and the samples behind it.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(MODEL);
  await expect(page.getByTestId("row-summary")).toContainText(`Rank 1 of ${demoModelsOn("demo-bio-qa").length}`);
  const rows = page.getByTestId("evidence-row");
  await expect(rows).toHaveCount(demoSamplesWithResult("demo-bio-qa", MODEL).length);
  await expect(rows.first().getByTestId("evidence-outcome").first()).toHaveText(/accuracy:\s*[01]/);
  await expect(page.getByTestId("standings-benchmark").locator("tbody tr").first()).toContainText("demo-bio-qa");
  await page.screenshot({ path: "e2e/screenshots/model.png", fullPage: true });

  // A sample where MODEL was right while some model was wrong: it has two tiers.
  const row = rows.filter({ has: page.getByTestId("evidence-outcome").filter({ hasText: "accuracy: 1" }) }).filter({ hasText: /beat [1-9]/ }).first();
  const link = row.locator('a[href^="/samples/"]');
  const id = (await link.textContent())!.trim();
  await link.click();
  await page.waitForURL(/\/samples\//);

  // The sample page: its text, every model's measurement, and the ranking it became.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sample ${id}`);
  const api = await (await page.request.get(`/api/samples/${id}`)).json();
  await expect(page.getByTestId("sample-input")).toHaveText(api.input);
  const table = page.getByTestId("measurement-table").first();
  await expect(table.locator("tbody tr")).toHaveCount(api.measurements.length);
  const values = new Map<string, number>();
  for (const tr of await table.locator("tbody tr").all()) {
    values.set((await tr.getAttribute("data-model"))!, num(await tr.getByTestId("measurement-value").textContent()));
  }
  expect([...values.keys()].sort()).toEqual([...api.models].sort());
  expect(values.has(MODEL)).toBe(true);

  await expect(page.getByTestId("ranking-explanation")).toContainText("top-1 choice");
  const group = page.getByTestId("ranking-group").first();
  const tiers = group.getByTestId("tier");
  expect(await tiers.count()).toBeGreaterThanOrEqual(2);
  // Tiers are ordered by value, best first, and every model sits in the tier of its own value.
  let previous = Infinity;
  let placed = 0;
  for (const tier of await tiers.all()) {
    const value = num(await tier.getByTestId("tier-value").textContent());
    expect(value).toBeLessThan(previous);
    previous = value;
    for (const name of await tier.getByRole("link").allTextContents()) {
      expect(values.get(name)).toBe(value);
      placed++;
    }
  }
  expect(placed).toBe(values.size);
  await group.getByText(/choice events?/).click();
  await expect(group.getByTestId("choice-events").locator("li").first()).toContainText("chosen over");
  await page.screenshot({ path: "e2e/screenshots/sample.png", fullPage: true });
});

test("sample ids and model names survive URL encoding", async ({ page }) => {
  await page.goto("/samples/demo-bio-qa%2F0001");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sample demo-bio-qa/0001");
  await page.goto(`/models/${encodeURIComponent(MODEL)}?benchmark=demo-bio-qa`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(MODEL);
  await page.goto("/samples/demo-bio-qa/9999");
  await expect(page.getByText("No such sample")).toBeVisible();
});
