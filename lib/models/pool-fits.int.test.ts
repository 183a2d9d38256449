// The model pages' pool fits (every benchmark and frequent tag over the whole pool): kept per data
// version, and kept across a version that leaves the pool's measurements alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { dataVersion } from "@/lib/db/data-version";
import { forgetLeaderboards } from "@/lib/leaderboard/compute";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { resetDatabase } from "@/test/db";
import { importDemo, uploadLines } from "@/test/demo";
import { forgetPoolFits, poolFits } from "./pool-fits";

beforeAll(async () => {
  await resetDatabase();
  forgetLeaderboards();
  forgetPoolFits();
  await importDemo();
});
afterAll(closeDb);

describe("poolFits", () => {
  it("is the same answer after a version that only embedded samples, and a new one after an upload", async () => {
    const before = await poolFits();
    expect(before.benchmarks.length).toBeGreaterThan(3);
    const v = await dataVersion();
    await embedPendingSamples();
    expect(await dataVersion()).toBeGreaterThan(v);
    // No measurement moved: the whole pool's batch was carried over as it was, and so were its fits.
    expect(await poolFits()).toBe(before);

    const sample = await pool().query<{ id: string; benchmark: string }>(`SELECT id, benchmark FROM samples ORDER BY pk LIMIT 1`);
    const { id, benchmark } = sample.rows[0];
    await uploadLines([
      { type: "score", sample: id, model: "pool-fits-probe", metric: "accuracy", value: 1 },
      { type: "score", sample: id, model: before.baseline, metric: "accuracy", value: 0 },
    ]);
    const after = await poolFits();
    expect(after).not.toBe(before);
    const fitted = (p: typeof before) => p.benchmarks.find((b) => b.name === benchmark)!.rows.map((r) => r.model);
    expect(fitted(after)).toContain("pool-fits-probe");
    expect(fitted(before)).not.toContain("pool-fits-probe");
  });
});
