// Shared steps of the portal's browser specs: waiting for the worker (embeddings, snapshots),
// reading a leaderboard table, and saving screenshots to look at.
import { mkdirSync } from "node:fs";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** Polls `/api/health` until every sample has a vector from the active embedder. */
export async function waitForEmbeddings(request: APIRequestContext, timeoutMs = 60_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const health = await (await request.get("/api/health")).json();
        return health.embedder?.name && health.pending_embeddings === 0 ? "ready" : `pending ${health.pending_embeddings}`;
      },
      { timeout: timeoutMs, intervals: [500, 1000, 2000] },
    )
    .toBe("ready");
}

/** Polls `/api/leaderboards/{slug}` until the worker has stored a snapshot. */
export async function waitForSnapshot(request: APIRequestContext, slug: string, timeoutMs = 60_000): Promise<void> {
  await expect
    .poll(async () => ((await (await request.get(`/api/leaderboards/${slug}`)).json()).snapshot ? "snapshot" : "none"), { timeout: timeoutMs, intervals: [500, 1000, 2000] })
    .toBe("snapshot");
}

/** The model names of a leaderboard table's rows, top to bottom. */
export async function tableModels(page: Page): Promise<string[]> {
  return page.locator('[data-testid="leaderboard-table"] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-model") ?? ""));
}

/** The row of one model in the leaderboard table. */
export function tableRow(page: Page, model: string): Locator {
  return page.locator(`[data-testid="leaderboard-table"] tbody tr[data-model="${model}"]`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/**
 * Runs axe-core over the page as it stands and fails on any serious or critical violation, listing
 * each rule with the first elements it found (a soft failure: the spec goes on to the other pages).
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const lines = bad.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  expect.soft(lines, `accessibility violations on ${label}`).toEqual([]);
}
