// Near duplicates by meaning on the embedded Postgres: reworded copies of demo questions planted in
// another benchmark, embedded by the offline fallback (deterministic; MiniLM's weights are not in
// the repository), found by the health job's blockwise scan over the stored vectors and flagged
// on both samples; the MinHash text check alone misses them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { reloadEnv } from "@/lib/env";
import { findVisibleSample } from "@/lib/db/queries/samples";
import { latestHealthRun, flagsOfSample } from "@/lib/db/queries/benchmark-health";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { resetDatabase } from "@/test/db";
import { importDemo, uploadLines } from "@/test/demo";
import { runHealthCheck } from "./job";
import { jaccard, NEAR_JACCARD, normaliseText, shingles } from "./duplicates";
import { COSINE_DUPLICATE } from "./vector-duplicates";

/** [source id, its source text, a reworded copy] */
export const PARAPHRASES: [string, string, string][] = [
  ["demo-bio-qa/0001", "Which class of antibody is the first to be produced in a primary immune response?\n(A) IgM\n(B) IgE\n(C) IgG\n(D) IgA", "In a primary immune response, which antibody class is produced first?\n(A) IgM\n(B) IgE\n(C) IgG\n(D) IgA"],
  ["demo-econ-qa/0001", "Which combination is an example of expansionary fiscal policy?\n(A) Raising the reserve requirement\n(B) Raising taxes to balance the budget during a recession\n(C) Selling government bonds in open market operations\n(D) Increasing government spending and cutting income taxes", "Which of these combinations would be expansionary fiscal policy?\n(A) Raising the reserve requirement\n(B) Raising taxes to balance the budget in a recession\n(C) Selling government bonds through open market operations\n(D) Cutting income taxes and increasing government spending"],
  ["demo-geo-qa/0001", "Which river discharges the largest volume of water into the ocean?\n(A) The Yangtze\n(B) The Mississippi\n(C) The Amazon\n(D) The Nile", "Into the ocean, which river discharges the greatest volume of water?\n(A) The Mississippi\n(B) The Yangtze\n(C) The Nile\n(D) The Amazon"],
  ["demo-chem-med-qa/0001", "Which element has the highest electronegativity on the Pauling scale?\n(A) Nitrogen\n(B) Fluorine\n(C) Oxygen\n(D) Chlorine", "On the Pauling scale, the element with the highest electronegativity is which one?\n(A) Oxygen\n(B) Chlorine\n(C) Fluorine\n(D) Nitrogen"],
  ["demo-math-word/0001", "A train travels 240 km in 3 hours. At the same average speed, how far does it travel in 5 hours?", "At the same average speed, how far does a train that travels 240 km in 3 hours go in 5 hours?"],
];
const copyId = (k: number) => `copycat/${k}`;

const embedderBefore = process.env.EMBEDDER;
beforeAll(async () => {
  process.env.EMBEDDER = "fallback";
  reloadEnv();
  await resetDatabase();
  await importDemo();
  const report = await uploadLines(PARAPHRASES.map(([, , copy], k) => ({ type: "sample", id: copyId(k), benchmark: "copycat", input: copy })));
  expect(report.status).toBe("done");
  await embedPendingSamples();
});
afterAll(async () => {
  if (embedderBefore === undefined) delete process.env.EMBEDDER;
  else process.env.EMBEDDER = embedderBefore;
  reloadEnv();
  await closeDb();
});

async function flagsOf(id: string) {
  const run = (await latestHealthRun())!;
  const sample = (await findVisibleSample(id))!;
  return flagsOfSample(run.id, sample.pk);
}

describe("near duplicates by text embedding", () => {
  it("the planted copies are rewordings the word 3-gram check misses", () => {
    for (const [, source, copy] of PARAPHRASES) expect(jaccard(shingles(normaliseText(source)), shingles(normaliseText(copy)))).toBeLessThan(NEAR_JACCARD);
  });

  it("flags 4 of the 5 reworded copies and their sources, with the cosine as evidence, and nothing else", async () => {
    expect((await runHealthCheck({ force: true })).status).toBe("computed");
    let found = 0;
    for (const [k, [source]] of PARAPHRASES.entries()) {
      const flag = (await flagsOf(copyId(k))).find((f) => f.code === "near_duplicate" && f.evidence.similar_to === source);
      if (!flag) continue;
      found++;
      expect(flag.severity).toBe("info");
      expect(flag.evidence.cosine as number).toBeGreaterThanOrEqual(COSINE_DUPLICATE.fallback);
      expect((await flagsOf(source)).map((f) => f.evidence.similar_to)).toContain(copyId(k));
    }
    expect(found).toBeGreaterThanOrEqual(4);
    const run = (await latestHealthRun())!;
    const flagged = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM sample_flags WHERE run_id = $1 AND code = 'near_duplicate' AND evidence ? 'cosine'`, [run.id]);
    expect(flagged.rows[0].n).toBe(2 * found);
  });
});
