import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "./fixtures";
import { screenshot, tableModels, tableRow } from "./helpers";
import { FORMATS } from "../lib/ingest/formats/detect";

// "Read the evidence": a results file with model outputs, judges and model facts (format v1.1),
// then the pages that show them — sample (outputs beside the reference, verdict filter, search,
// folding, pairwise), model (facts, its outputs), leaderboard (facts columns and filter,
// self-preference mark), compare (outputs where the models disagree), /about's format mappings —
// and the upload form's preview of another tool's file, which stores nothing.
const BENCH = "e2e-outputs";
const LONG = "Paris is the capital of France. ".repeat(40);

function evidenceFile(): string {
  const lines: object[] = [
    { type: "model", id: "open-llama", organization: "Meta", parameters_b: 8, open_weights: true, license: "llama3", family: "llama" },
    { type: "model", id: "big-gpt", organization: "OpenAI", open_weights: false, license: "proprietary", family: "gpt" },
    { type: "model", id: "gpt-judge", organization: "OpenAI", family: "gpt" },
  ];
  const answers: [string, string, string, string][] = [
    ["What is the capital of France?", "Paris", LONG, "Lyon, I believe."],
    ["What is 2 + 2?", "4", "It is 4.", "5"],
    ["Name a primary colour.", "red", "Red.", "Green"],
    ["Largest planet?", "Jupiter", "Saturn", "Jupiter, by far."],
  ];
  answers.forEach(([input, reference, llama, gpt], i) => {
    const sample = `${BENCH}/${i + 1}`;
    lines.push({ type: "sample", id: sample, benchmark: BENCH, input, reference });
    const llamaRight = i !== 3;
    lines.push({ type: "score", sample, model: "open-llama", metric: "acc", value: llamaRight ? 1 : 0, output: llama, judge: "gpt-judge" });
    lines.push({ type: "score", sample, model: "big-gpt", metric: "acc", value: llamaRight ? 0 : 1, output: gpt, judge: "gpt-judge" });
  });
  lines.push({ type: "sample", id: `${BENCH}/pair`, benchmark: BENCH, input: "Write a haiku about rain.", reference: null });
  // With an id: a retry that uploads the file again replaces it (an id-less pairwise line is a new event each time it is sent).
  lines.push({ type: "pairwise", id: "e2e-pair", sample: `${BENCH}/pair`, model_a: "open-llama", model_b: "big-gpt", winner: "a", output_a: "Soft rain on the roof", output_b: "Rain falls. It is wet.", judge: "human" });
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

async function upload(request: APIRequestContext, body: string): Promise<void> {
  const res = await request.post("/api/uploads", { headers: { Authorization: `Bearer ${process.env.E2E_TOKEN}`, "Content-Type": "application/x-ndjson" }, data: body });
  expect(res.ok()).toBe(true);
  const { id } = await res.json();
  await expect.poll(async () => (await (await request.get(`/api/uploads/${id}`)).json()).status, { timeout: 60_000 }).toBe("done");
}

test("model outputs, judges and facts show on the sample, model, leaderboard and compare pages", async ({ page, request }) => {
  expect(process.env.E2E_TOKEN, "scripts/e2e.ts creates a token").toBeTruthy();
  await upload(request, evidenceFile());

  // Sample page: both models' outputs beside the reference, with their values.
  await page.goto(`/samples/${BENCH}/1`);
  await expect(page.getByTestId("outputs-reference")).toHaveText("Paris");
  const entries = page.getByTestId("output-entry");
  await expect(entries).toHaveCount(2);
  await expect(page.getByTestId("output-count")).toHaveText("2 of 2");
  // The long output is folded until asked for.
  const llama = page.locator('[data-testid="output-entry"][data-model="open-llama"]');
  await expect(llama.getByTestId("model-output")).toBeVisible();
  const shownLength = async () => ((await llama.getByTestId("model-output").textContent({ timeout: 10_000 })) ?? "").length;
  expect(await shownLength()).toBeLessThan(LONG.length);
  await llama.getByTestId("fold-toggle").click();
  await expect.poll(shownLength).toBe(LONG.length);
  // Verdict filter and search.
  await page.getByLabel("Incorrect", { exact: true }).check();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toHaveAttribute("data-model", "big-gpt");
  await expect(entries.first().getByTestId("output-value")).toHaveText("0");
  await page.getByLabel("All", { exact: true }).check();
  await page.getByTestId("output-search").fill("lyon");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Lyon, I believe.");
  await page.getByTestId("output-search").fill("");
  await screenshot(page, "sample-outputs");

  // A pairwise line shows both outputs and who was preferred.
  await page.goto(`/samples/${BENCH}/pair`);
  const pair = page.getByTestId("output-pair");
  await expect(pair).toContainText("Soft rain on the roof");
  await expect(pair).toContainText("Rain falls. It is wet.");
  await expect(pair).toContainText("judge human");

  // Model page: facts and its own outputs on the samples behind its row.
  await page.goto(`/models/open-llama?benchmark=${BENCH}`);
  await expect(page.getByTestId("model-facts")).toContainText("Meta");
  await expect(page.getByTestId("model-facts").locator('[data-fact="parameters_b"]')).toContainText("8 B");
  await expect(page.getByTestId("evidence-output").filter({ hasText: "It is 4." })).toHaveCount(1);
  await screenshot(page, "model-outputs");

  // Leaderboard: parameters and licence columns, the self-preference mark, the facts filter.
  await page.goto(`/leaderboard?benchmark=${BENCH}`);
  await expect(tableRow(page, "open-llama").getByTestId("facts-params")).toHaveText("8 B");
  await expect(tableRow(page, "big-gpt").getByTestId("facts-license")).toContainText("proprietary");
  await expect(tableRow(page, "big-gpt").getByTestId("self-judge")).toBeVisible();
  await expect(tableRow(page, "open-llama").getByTestId("self-judge")).toHaveCount(0);
  await screenshot(page, "leaderboard-facts");
  await page.getByLabel("Weights", { exact: true }).selectOption("true");
  await page.getByRole("button", { name: "Filter models" }).click();
  await page.waitForURL(/open_weights=true/);
  await expect.poll(() => tableModels(page)).toEqual(["open-llama"]);

  // Compare: the outputs side by side where the models disagree (big-gpt wins sample 4).
  await page.goto(`/compare?models=open-llama&models=big-gpt&benchmark=${BENCH}`);
  const side = page.getByTestId("disagreement-outputs");
  await expect(side.first()).toContainText("Jupiter, by far.");
  await expect(side.first()).toContainText("Saturn");
  await screenshot(page, "compare-outputs");

  // /about documents every other tool's format with its mapping.
  await page.goto("/about#formats");
  await expect(page.getByTestId("format-mapping")).toHaveCount(FORMATS.length - 1); // every format but the portal's own
  await screenshot(page, "about-formats");
});

test("the upload form previews another tool's file in a chosen format without storing it", async ({ page, request }) => {
  await page.goto("/upload");
  await page.getByLabel("Results file").setInputFiles({
    name: "annotations.json",
    mimeType: "application/json",
    buffer: readFileSync("test/fixtures/formats/alpaca-eval/annotations.json"),
  });
  await page.getByLabel("Upload token").fill(process.env.E2E_TOKEN!);
  await page.getByLabel("Format").selectOption("alpaca-eval");
  // The fixture holds two records that cannot be mapped: all-or-nothing, the preview says it would be rejected.
  await page.getByRole("button", { name: "Preview (nothing stored)" }).click();
  await expect(page.getByTestId("upload-report")).toContainText("Preview: would be rejected");
  await expect(page.getByTestId("count-rejected")).toHaveText("2");
  // Valid records only: the preview counts what would be stored.
  await page.getByLabel(/Store valid lines only/).check();
  await page.getByRole("button", { name: "Preview (nothing stored)" }).click();
  await expect(page.getByTestId("upload-status")).toHaveText("done");
  await expect(page.getByTestId("preview-note")).toBeVisible();
  await expect(page.getByTestId("upload-report")).toContainText("Preview: would be stored");
  expect(Number(await page.getByTestId("count-measurements_new").textContent())).toBeGreaterThan(0);
  const stored = await (await request.get("/api/samples?benchmark=alpaca-eval")).json();
  expect(stored.n_samples).toBe(0);
  await screenshot(page, "upload-preview");
});
