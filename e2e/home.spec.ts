import { expect, test } from "./fixtures";
import { DEMO_BASELINE, plantedLeader, startedPoolSummary } from "../scripts/demo/planted";
import { screenshot, waitForEmbeddings, waitForSnapshot } from "./helpers";

// Home: the capability query box, the overall leaderboard (the demo's planted overall leader
// first), the pool's counts and embedder, and the saved concept cards with their leaders.
// The pool npm start imports: the text demo and the vision bundle.
const demo = startedPoolSummary();
/** Saved concept → the capability of the demo it retrieves (data/demo/README.md). */
const CONCEPTS = {
  antibodies: "biology/immunology",
  "python-code": "programming/python",
  "contract-law": "law/contract law",
  macroeconomics: "economics/macroeconomics",
} as const;

test("home shows the overall leaderboard, the pool, the concept cards and the query box", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("best for your capability");
  await expect(page.getByRole("combobox", { name: "Capability" })).toBeVisible();

  // The overall leaderboard: the top 10 of all models, the planted leader first, the baseline at 0.
  const global = page.getByTestId("global-leaderboard");
  await expect(global.locator("li")).toHaveCount(10);
  await expect(global.locator("li").first()).toHaveAttribute("data-model", plantedLeader("overall"));
  await expect(global.locator(`li[data-model="${DEMO_BASELINE}"]`)).toContainText("0.00");
  await expect(page.getByTestId("global-caption")).toContainText(`Top 10 of ${demo.models} models · ${demo.samples} samples`);

  // The pool.
  await expect(page.getByTestId("stat-samples")).toHaveText(String(demo.samples));
  await expect(page.getByTestId("stat-models")).toHaveText(String(demo.models));
  await expect(page.getByTestId("stat-benchmarks")).toHaveText(String(demo.benchmarks));

  // Concept cards fill in once the worker has embedded the pool and computed their snapshots.
  await waitForEmbeddings(request);
  for (const slug of Object.keys(CONCEPTS)) await waitForSnapshot(request, slug);
  await page.reload();
  await expect(page.getByTestId("embedder")).toContainText(/offline LSA fallback, not MiniLM|MiniLM/);
  const cards = page.getByTestId("concept-cards");
  expect(await cards.getByTestId("concept-card").count()).toBeGreaterThanOrEqual(10);
  const leaderOf = (slug: string) => cards.locator(`[data-slug="${slug}"] ol li`).first();
  for (const [slug, capability] of Object.entries(CONCEPTS)) await expect(leaderOf(slug)).toContainText(plantedLeader(capability));
  await screenshot(page, "home");

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "home-mobile");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The query box leads to the live leaderboard of that capability.
  await page.getByRole("combobox", { name: "Capability" }).fill("antibodies");
  await page.getByRole("button", { name: "Rank models" }).click();
  await page.waitForURL(/\/leaderboard\?q=antibodies$/);
  await expect(page.locator('[data-testid="leaderboard-table"] tbody tr').first()).toHaveAttribute("data-model", plantedLeader(CONCEPTS.antibodies));
  await expect(page.getByTestId("retrieval-summary")).toContainText("retrieved for “antibodies”");
});
