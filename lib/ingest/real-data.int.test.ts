// The shared real data sets import with exactly the counts their README states.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { stopQueue } from "@/lib/queue";
import { resetDatabase } from "@/test/db";
import { importFile } from "./index";
import { visibleMeasurementsSql } from "@/lib/db/visibility";

const dataFile = (name: string) => fileURLToPath(new URL(`../../../shared/data/${name}`, import.meta.url));
const present = existsSync(dataFile("mmlu-pro.jsonl.gz"));
if (!present) console.warn(`[skip] ${dataFile("")} is absent: the real-data import tests are skipped`);

beforeEach(resetDatabase);
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

async function stored(): Promise<{ samples: number; models: number; kinds: Record<string, number> }> {
  const s = await pool().query(`SELECT count(*)::int AS n FROM samples`);
  const m = await pool().query(`SELECT count(*)::int AS n FROM models`);
  const k = await pool().query<{ kind: string; n: number }>(
    `SELECT kind, count(*)::int AS n FROM measurements m WHERE ${visibleMeasurementsSql("m")} GROUP BY kind`,
  );
  return { samples: s.rows[0].n, models: m.rows[0].n, kinds: Object.fromEntries(k.rows.map((r) => [r.kind, r.n])) };
}

describe.skipIf(!present)("the shared data sets", () => {
  it("mmlu-pro: 12,032 samples, 371,244 scores, 31 models", async () => {
    const report = await importFile(dataFile("mmlu-pro.jsonl.gz"));
    expect(report.status).toBe("done");
    expect(report.counts).toEqual({ samples_new: 12032, samples_updated: 0, measurements_new: 371244, measurements_updated: 0, rejected: 0, duplicates: 0, facts_new: 0, facts_updated: 0, skipped: 0 });
    expect(await stored()).toEqual({ samples: 12032, models: 31, kinds: { score: 371244 } });
    const v = await pool().query(`SELECT data_version FROM pool_state`);
    expect(Number(v.rows[0].data_version)).toBe(1);
  });

  it("arena-bench-v1: 300 samples, 4,461 scores, 15 models", async () => {
    const report = await importFile(dataFile("arena-bench-v1.jsonl.gz"));
    expect(report.status).toBe("done");
    expect(report.counts).toMatchObject({ samples_new: 300, measurements_new: 4461, rejected: 0 });
    expect(await stored()).toEqual({ samples: 300, models: 15, kinds: { score: 4461 } });
  });

  it("llmfao-crowd: 13 samples, 8,931 pairwise votes, 59 models", async () => {
    const report = await importFile(dataFile("llmfao-crowd.jsonl.gz"));
    expect(report.status).toBe("done");
    expect(report.counts).toMatchObject({ samples_new: 13, measurements_new: 8931, rejected: 0 });
    expect(await stored()).toEqual({ samples: 13, models: 59, kinds: { pairwise: 8931 } });
  });
});
