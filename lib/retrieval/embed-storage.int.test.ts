// How the embed job moves bytes, on the demo pool: vectors are written and read in pgvector's
// binary form (exact float32 both ways), a fallback fit is stored in parts and is visible only once
// complete, the fit reads only the samples it is fitted on, and a run's batches, which follow a pk
// cursor, still catch a sample that lost its vector behind the cursor.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { toHalfPrecision } from "@/lib/db/half-precision";
import { deleteFallbackFitsExcept, fallbackFitParams, newestFallbackFit, saveFallbackFit } from "@/lib/db/queries/embedder-state";
import { coveredSamplePks, coveredSamples, insertEmbeddings, vectorArrayBinary } from "@/lib/db/queries/embeddings";
import { vectorFromBinary, vectorsAfter, vectorsOf } from "@/lib/db/queries/read-model";
import { reloadEnv } from "@/lib/env";
import { resetDatabase } from "@/test/db";
import { importDemo } from "@/test/demo";
import { fitLsa, sampleDocument } from "./embedder";
import { embedPendingSamples } from "./embed-pool";
import { fitFallback } from "./fallback-fit";

const DEMO_SAMPLES = 542;

beforeAll(async () => {
  process.env.EMBEDDER = "fallback";
  reloadEnv();
  await resetDatabase();
  await importDemo();
});
afterAll(async () => {
  process.env.EMBEDDER = "auto";
  reloadEnv();
  await closeDb();
});

describe("embedding storage", () => {
  it("vectors go in rounded to half precision and come back as those float32 values (binary both ways)", async () => {
    const pks = (await pool().query<{ pk: number }>(`SELECT pk FROM samples ORDER BY pk LIMIT 3`)).rows.map((r) => r.pk);
    // Values the text form with 7 decimals could not carry exactly.
    const vectors = pks.map((_, i) => Float32Array.from({ length: 384 }, (_, j) => Math.fround(Math.sin(i * 1000 + j) * 1.234567891e-3 + (j === 0 ? 1 : 0))));
    expect(await insertEmbeddings({ space: "text", dim: 384 }, "storage-test", pks, vectors)).toBe(3);
    // A vector already there is kept.
    expect(await insertEmbeddings({ space: "text", dim: 384 }, "storage-test", pks.slice(0, 1), [new Float32Array(384).fill(0.5)])).toBe(0);
    const back = new Map(await vectorsOf("text", "storage-test", pks));
    const stored = vectors.map(toHalfPrecision);
    pks.forEach((pk, i) => expect(back.get(pk)).toEqual(stored[i]));
    // Each value is the half nearest the one sent: at most half a unit in the 11th significant bit away.
    pks.forEach((pk, i) => back.get(pk)!.forEach((x, j) => expect(Math.abs(x - vectors[i][j])).toBeLessThanOrEqual(Math.abs(vectors[i][j]) * 2 ** -11 + 2 ** -25)));
    // And the server reads what was sent: its text form parses to the same values.
    const text = await pool().query<{ e: string }>(`SELECT embedding::text AS e FROM embeddings WHERE model = 'storage-test' AND sample_pk = $1`, [pks[1]]);
    expect(Float32Array.from(text.rows[0].e.slice(1, -1).split(","), Number)).toEqual(stored[1]);
    await pool().query(`DELETE FROM embeddings WHERE model = 'storage-test'`);
  });

  it("binary vectors: the array header names the element type; a wrong length is refused", () => {
    const buf = vectorArrayBinary(12345, [Float32Array.of(1, -2), Float32Array.of(0.5, 0.25)]);
    expect([buf.readInt32BE(0), buf.readInt32BE(4), buf.readUInt32BE(8), buf.readInt32BE(12), buf.readInt32BE(16)]).toEqual([1, 0, 12345, 2, 1]);
    expect(buf.readInt32BE(20)).toBe(4 + 8);
    expect(vectorFromBinary(buf.subarray(24, 36))).toEqual(Float32Array.of(1, -2));
    expect(() => vectorFromBinary(buf.subarray(24, 35))).toThrow(/11 bytes for 2 dimensions/);
  });

  it("a fit is stored in parts, seen only once its row is written, and its parts go with it", async () => {
    const bytes = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7) % 251);
    await saveFallbackFit("fallback-lsa-v1:partstest", 5, bytes, 3000);
    const parts = await pool().query<{ part: number; n: number }>(`SELECT part, length(bytes) AS n FROM embedder_state_parts WHERE name = 'fallback-lsa-v1:partstest' ORDER BY part`);
    expect(parts.rows).toEqual([{ part: 0, n: 3000 }, { part: 1, n: 3000 }, { part: 2, n: 3000 }, { part: 3, n: 1000 }]);
    expect(await fallbackFitParams("fallback-lsa-v1:partstest")).toEqual(bytes);
    // Parts without a row (a fit being written) are no fit.
    await pool().query(`INSERT INTO embedder_state_parts (name, part, bytes) VALUES ('fallback-lsa-v1:unfinished', 0, '\\x00')`);
    expect(await fallbackFitParams("fallback-lsa-v1:unfinished")).toBeNull();
    expect((await newestFallbackFit())?.name).toBe("fallback-lsa-v1:partstest");
    // Saved again (the same fit) with a larger part size: no stale part is left behind.
    await saveFallbackFit("fallback-lsa-v1:partstest", 5, bytes, 6000);
    expect(await fallbackFitParams("fallback-lsa-v1:partstest")).toEqual(bytes);
    await saveFallbackFit("fallback-lsa-v1:newer", 6, bytes.subarray(0, 10), 3000);
    expect(await deleteFallbackFitsExcept([])).toEqual(["fallback-lsa-v1:partstest"]);
    const left = await pool().query<{ name: string }>(`SELECT DISTINCT name FROM embedder_state_parts ORDER BY name`);
    // The unfinished fit's parts are young: another worker may still be writing them.
    expect(left.rows.map((r) => r.name)).toEqual(["fallback-lsa-v1:newer", "fallback-lsa-v1:unfinished"]);
    await pool().query(`DELETE FROM embedder_state_parts`);
    await pool().query(`DELETE FROM embedder_state`);
  });

  it("a pool larger than the fit's sample is fitted on the sample only, as fitLsa over every sample chooses it", async () => {
    const docs = (await coveredSamples({ space: "text", modality: "text" })).map(sampleDocument);
    expect(docs).toHaveLength(DEMO_SAMPLES);
    expect(await coveredSamplePks({ space: "text", modality: "text" }, 100)).toEqual(
      (await coveredSamples({ space: "text", modality: "text" })).map((s) => s.pk),
    );
    const name = await fitFallback({ maxFitDocs: 100 });
    expect(name).toBe(fitLsa(docs, { maxFitDocs: 100 }).name);
    expect(await newestFallbackFit()).toMatchObject({ name, nDocs: DEMO_SAMPLES });
    await pool().query(`DELETE FROM embedder_state_parts`);
    await pool().query(`DELETE FROM embedder_state`);
  });

  it("a sample that loses its vector behind the batches' cursor is embedded in the same run", async () => {
    let dropped = false;
    const run = await embedPendingSamples(
      async ({ embedded }) => {
        if (dropped || embedded < 200) return;
        // The first sample's vector goes (as when its input changes) while the run is past it.
        await pool().query(`DELETE FROM embeddings WHERE sample_pk = (SELECT min(pk) FROM samples)`);
        dropped = true;
      },
      { batchSize: 100 },
    );
    expect(dropped).toBe(true);
    expect(run.embedded).toBe(DEMO_SAMPLES + 1);
    const missing = await pool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM samples s WHERE NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.sample_pk = s.pk AND e.model = $1)`,
      [run.embedder],
    );
    expect(missing.rows[0].n).toBe(0);

    // Read back in pages from a pk cursor (the read model's first load): the same vectors as by pk.
    const pks = (await pool().query<{ pk: number }>(`SELECT pk FROM samples ORDER BY pk`)).rows.map((r) => r.pk);
    const paged: [number, Float32Array][] = [];
    for (let after = 0; ; ) {
      const page = await vectorsAfter("text", run.embedder!, after, 100);
      paged.push(...page);
      if (page.length < 100) break;
      after = page[page.length - 1][0];
    }
    expect(paged.map(([pk]) => pk)).toEqual(pks);
    expect(new Map(paged)).toEqual(new Map(await vectorsOf("text", run.embedder!, pks)));
  });
});
