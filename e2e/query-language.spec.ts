import { expect, test } from "./fixtures";
import { screenshot, waitForEmbeddings } from "./helpers";

// The query language on the query page: a concept with a filter term and an exclusion is parsed
// and shown back, every listed sample is in the filtered benchmark and none contains the excluded
// word, each says why it matched, and the cut is drawn on the similarity histogram; a query that
// does not parse shows its error beside the box.
test("a query with a filter term and an exclusion", async ({ page, request }) => {
  await waitForEmbeddings(request);
  await page.goto("/query");
  await page.getByLabel("Capability (free text)").fill("biology benchmark:demo-bio-qa -antibody");
  await page.getByRole("button", { name: "Retrieve and rank" }).click();
  await page.waitForURL(/q=biology/);
  await expect(page.getByTestId("parsed-query")).toHaveText("(biology) benchmark:demo-bio-qa -antibody");
  await expect(page.getByTestId("cut-summary")).toContainText("adaptive");
  await expect(page.getByTestId("cut-line")).toHaveCount(1);
  const samples = page.getByTestId("retrieved-samples").locator(":scope > li");
  expect(await samples.count()).toBeGreaterThan(5);
  for (const text of await samples.allInnerTexts()) {
    expect(text).toContain("demo-bio-qa/");
    expect(text.toLowerCase()).not.toMatch(/\bantibod(y|ies)\b/);
  }
  await expect(samples.first().getByTestId("why")).toContainText("similarity");
  await screenshot(page, "query-language");

  await page.getByTestId("widen-cut").click();
  await page.waitForURL(/threshold=/);
  await expect(page.getByTestId("cut-summary")).toContainText("your threshold");

  await page.goto(`/query?q=${encodeURIComponent('law "contract')}`);
  await expect(page.locator("#q-error")).toContainText('at position 5: expected a closing "');
});
