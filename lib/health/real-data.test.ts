// The health check on the shared real data (../shared/data; absent: skipped with a message):
// healthy benchmarks must not be flagged wholesale.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readHealthInput } from "@/scripts/lib/health-data";
import { SHARED_DATA } from "@/scripts/lib/ranking-data";
import { computeHealth } from "./report";

const FILES = ["mmlu-pro.jsonl.gz", "arena-bench-v1.jsonl.gz", "llmfao-crowd.jsonl.gz"];
const missing = FILES.filter((f) => !existsSync(SHARED_DATA + f));
if (missing.length) console.warn(`skipping the health check's real-data tests: ${missing.join(", ")} not found in ${SHARED_DATA}`);

describe.skipIf(missing.length > 0)("health of the shared real data", () => {
  it("MMLU-Pro: no warning or critical flag, and under 4.5% of its samples flagged as wrong keys (hard questions weak models guess right)", async () => {
    const input = await readHealthInput(SHARED_DATA + "mmlu-pro.jsonl.gz");
    const r = computeHealth(input);
    expect(r.benchmarks.map((b) => b.name)).toEqual(["mmlu-pro"]);
    const [mmlu] = r.benchmarks;
    expect(mmlu.flags.filter((f) => f.severity !== "info")).toEqual([]);
    expect(mmlu).toMatchObject({ nSamples: 12_032, nModels: 31, nMeasurements: 371_244 });
    const wrongKeys = new Set(r.sampleFlags.filter((f) => f.code === "negative_discrimination").map((f) => f.sample));
    expect(wrongKeys.size).toBeLessThan(0.045 * 12_032);
    expect(new Set(r.sampleFlags.map((f) => f.sample)).size).toBeLessThan(0.08 * 12_032);
  });
  it.each(FILES.slice(1))("%s: no critical flag", async (file) => {
    const r = computeHealth(await readHealthInput(SHARED_DATA + file));
    expect(r.benchmarks.flatMap((b) => b.flags).filter((f) => f.severity === "critical")).toEqual([]);
  });
});
