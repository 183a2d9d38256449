import { expect, test } from "./fixtures";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { DEMO_BASELINE, demoMeasurementsOf, plantedLeader } from "../scripts/demo/planted";
import { screenshot, tableRow } from "./helpers";
import { seeded } from "../test/seeded";

// Evaluating a new model through /evaluate: plan a round, download its task file, fill in the
// results (the planted leader's own, so the newcomer is a clone of it), upload, and plan again —
// twice; the rounds table shows the model placed and its interval shrinking, and the leaderboard
// its coverage of the selection.
const MODEL = "e2e-evaluated-model";
const BENCH = "demo-bio-qa";

/** The task file with every template's value filled in. */
function filled(taskFile: string): string {
  const leader = plantedLeader("overall");
  return (
    taskFile
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .map((line) => {
        if (line.type === "sample") return line;
        const theirs = demoMeasurementsOf(line.sample).find((m) => m.type === "score" && m.model === leader) as { value: number } | undefined;
        return { ...line, value: theirs?.value ?? 1 };
      })
      .map((l) => JSON.stringify(l))
      .join("\n") + "\n"
  );
}

test("plan two rounds for a new model, upload its results, see its interval shrink", async ({ page }) => {
  const token = process.env.E2E_TOKEN;
  expect(token, "scripts/e2e.ts creates a token").toBeTruthy();
  await page.goto("/evaluate");
  await page.getByLabel("Model", { exact: true }).fill(MODEL);
  await page.getByLabel("Benchmark").selectOption(BENCH);
  await page.getByLabel("Samples per round (budget)").fill("15");
  await page.getByRole("button", { name: "Plan", exact: true }).click();
  await expect(page.getByTestId("placement")).toContainText("Not placed yet");
  await expect(page.locator('[data-testid="next-batch"] tbody tr')).toHaveCount(15);
  // No image in this batch: no bundle to offer.
  await expect(page.getByRole("link", { name: "Download with images (.tar.gz)" })).toHaveCount(0);
  await page.getByLabel("Upload token").fill(token!);

  const rounds = page.locator('[data-testid="rounds"] tbody tr');
  for (const round of [1, 2]) {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download task file (JSONL)" }).click()]);
    expect(download.suggestedFilename()).toBe(`plan-${MODEL}-round-${round}.jsonl`);
    const taskFile = readFileSync((await download.path())!, "utf8");
    expect(taskFile.trim().split("\n")).toHaveLength(30);
    await page.getByLabel("Results file").setInputFiles({ name: `round-${round}.jsonl`, mimeType: "application/x-ndjson", buffer: Buffer.from(filled(taskFile)) });
    await page.getByRole("button", { name: "Upload and plan the next round" }).click();
    await expect(page.getByTestId("upload-status")).toHaveText("done");
    await expect(rounds).toHaveCount(round + 1);
    await expect(page.getByTestId("coverage")).toContainText(`${15 * round} of`);
  }

  // Round 2 placed the model after 15 results, round 3 after 30: the interval narrowed.
  const widths = await page.locator('[data-testid="round-width"]').evaluateAll((cells) => cells.map((c) => c.getAttribute("data-width") ?? ""));
  expect(widths[0]).toBe("");
  expect(Number(widths[2])).toBeGreaterThan(0);
  expect(Number(widths[2])).toBeLessThan(Number(widths[1]));
  await expect(page.getByTestId("rank-interval")).toBeVisible();
  await expect(page.locator('[data-testid="next-batch"] tbody tr')).toHaveCount(15);
  await screenshot(page, "evaluate");

  // The leaderboard shows each model's coverage of the selection next to its score.
  await page.goto(`/leaderboard?benchmark=${BENCH}`);
  await expect(tableRow(page, MODEL).getByTestId("coverage")).toHaveText("41.1% measured");
  await expect(tableRow(page, DEMO_BASELINE).getByTestId("coverage")).toHaveText("100.0% measured");
  await screenshot(page, "evaluate-leaderboard");
});

// A model run on a skewed few samples (mostly the ones the others find easy, as a plan's picks
// can be) is post-stratified on the leaderboard: marked "reweighted", with the engine's warning.
const SKEWED_BENCH = "e2e-skewed-bench";
const SKEWED = "e2e-skewed-model";

function skewedFile(): string {
  const u = seeded(2026);
  const lines: object[] = [];
  for (let i = 0; i < 300; i++) {
    const sample = `${SKEWED_BENCH}/${i}`;
    lines.push({ type: "sample", id: sample, benchmark: SKEWED_BENCH, input: `Skew test question ${i}`, reference: "a" });
    const difficulty = 1.5 * u();
    const slope = 1 + 0.5 * u();
    let right = 0;
    for (let m = 0; m < 8; m++) {
      const value = (u() + 1) / 2 < 1 / (1 + Math.exp(slope * (difficulty - (m - 3.5) / 2))) ? 1 : 0;
      right += value;
      lines.push({ type: "score", sample, model: `skew-m${m}`, metric: "accuracy", value });
    }
    const own = (u() + 1) / 2 < 1 / (1 + Math.exp(slope * difficulty)) ? 1 : 0;
    if ((u() + 1) / 2 < (right / 8 > 0.6 ? 0.5 : 0.05)) lines.push({ type: "score", sample, model: SKEWED, metric: "accuracy", value: own });
  }
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

test("a model run on a skewed few samples is reweighted on the leaderboard", async ({ page, request }) => {
  const res = await request.post("/api/uploads", { headers: { Authorization: `Bearer ${process.env.E2E_TOKEN}`, "Content-Type": "application/x-ndjson" }, data: skewedFile() });
  expect(res.ok()).toBe(true);
  const { id } = await res.json();
  await expect.poll(async () => (await (await request.get(`/api/uploads/${id}`)).json()).status, { timeout: 60_000 }).toBe("done");

  const api = await (await request.get(`/api/leaderboard?benchmark=${SKEWED_BENCH}`)).json();
  expect(api.warnings.filter((w: { code: string }) => w.code === "design_weighted").map((w: { model: string }) => w.model)).toEqual([SKEWED]);

  await page.goto(`/leaderboard?benchmark=${SKEWED_BENCH}`);
  await expect(tableRow(page, SKEWED).getByTestId("reweighted")).toHaveText("reweighted");
  await expect(tableRow(page, "skew-m3").getByTestId("reweighted")).toHaveCount(0);
  await expect(page.getByText("A model measured on a skewed few samples was reweighted")).toBeVisible();
  await screenshot(page, "leaderboard-reweighted");
});

test("a batch of image samples comes as a .tar.gz with its images", async ({ page }) => {
  await page.goto("/evaluate");
  await page.getByLabel("Model", { exact: true }).fill(`${MODEL}-vision`);
  await page.getByLabel("Benchmark").selectOption("vl-charts");
  await page.getByLabel("Samples per round (budget)").fill("3");
  await page.getByRole("button", { name: "Plan", exact: true }).click();
  await expect(page.locator('[data-testid="next-batch"] tbody tr')).toHaveCount(3);
  const ids = await page.locator('[data-testid="next-batch"] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-sample")));
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download with images (.tar.gz)" }).click()]);
  // The server's name (Content-Disposition), which an API client saving the answer gets too.
  expect(download.suggestedFilename()).toBe(`plan-${MODEL}-vision.tar.gz`);
  const dir = mkdtempSync(path.join(tmpdir(), "e2e-bundle-"));
  await tar.x({ file: (await download.path())!, cwd: dir });
  const lines = readFileSync(path.join(dir, "plan.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  const samples = lines.filter((l) => l.type === "sample");
  expect(samples.map((l) => l.id)).toEqual(ids);
  expect(readdirSync(path.join(dir, "images")).sort()).toEqual([...new Set(samples.map((l) => path.basename(l.image)))].sort());
  await screenshot(page, "evaluate-image-bundle");
});
