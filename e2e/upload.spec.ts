import { expect, test } from "./fixtures";
import { mkdirSync } from "node:fs";
import { DEMO_BASELINE, plantedLast, plantedLeader } from "../scripts/demo/planted";

// Upload flow: a file with one bad line is rejected whole (all-or-nothing), then stored with
// "valid lines only"; the uploaded model then appears on the leaderboard of its benchmark.
const MODEL = "e2e-uploaded-model-9b";
const BENCH = "e2e-upload-bench";

function resultsFile(): string {
  const lines: object[] = [];
  const others = [plantedLeader("overall"), DEMO_BASELINE, plantedLast("overall")];
  for (let i = 0; i < 24; i++) {
    const sample = `${BENCH}/${i}`;
    lines.push({ type: "sample", id: sample, benchmark: BENCH, input: `Upload test question ${i}: what is ${i} + ${i}?`, reference: String(2 * i), tags: ["arithmetic"] });
    // The uploaded model is right on every question; the others on some.
    lines.push({ type: "score", sample, model: MODEL, metric: "accuracy", value: 1 });
    others.forEach((m, j) => lines.push({ type: "score", sample, model: m, metric: "accuracy", value: (i + j) % 3 === 0 ? 1 : 0 }));
  }
  const text = lines.map((l) => JSON.stringify(l));
  text.splice(5, 0, JSON.stringify({ type: "score", sample: `${BENCH}/0`, model: MODEL, metric: "accuracy", value: "n/a" }));
  return text.join("\n") + "\n";
}

test("upload a results file through the form, see progress and the report, then the model on the leaderboard", async ({ page }) => {
  const token = process.env.E2E_TOKEN;
  expect(token, "scripts/e2e.ts creates a token").toBeTruthy();
  const file = { name: "e2e-results.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(resultsFile()) };

  await page.goto("/upload");
  await page.getByLabel("Results file").setInputFiles(file);
  await expect(page.getByTestId("chosen-file")).toContainText("e2e-results.jsonl");
  await page.getByLabel("Upload token").fill(token!);
  await page.getByRole("button", { name: "Upload" }).click();

  // All-or-nothing: the bad line (line 6) rejects the file and names the field.
  const report = page.getByTestId("upload-report");
  await expect(report).toBeVisible();
  await expect(page.getByTestId("upload-status")).toHaveText("failed");
  await expect(page.getByTestId("rejected-lines")).toContainText("6");
  await expect(page.getByTestId("rejected-lines")).toContainText('"value"');
  await expect(page.getByTestId("count-measurements_new")).toHaveText("0");

  // The same file, valid lines only: the progress bar shows, then the report counts what was stored.
  await page.getByLabel(/Store valid lines only/).check();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(page.getByTestId("upload-status")).toHaveText("done");
  await expect(page.getByTestId("count-samples_new")).toHaveText("24");
  await expect(page.getByTestId("count-measurements_new")).toHaveText(String(24 * 4));
  await expect(page.getByTestId("count-rejected")).toHaveText("1");
  mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: "e2e/screenshots/upload.png", fullPage: true });

  // The token is remembered in the browser.
  await page.reload();
  await expect(page.getByLabel("Upload token")).toHaveValue(token!);

  // The uploaded model now leads its benchmark's leaderboard.
  await page.goto(`/leaderboard?benchmark=${BENCH}`);
  const firstRow = page.locator("table tbody tr").first();
  await expect(firstRow).toContainText(MODEL);
});
