import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { seeded } from "@/test/seeded";
import { healthInputFromLines } from "@/scripts/lib/health-data";
import { plantedPool } from "@/test/health-pool";
import { computeHealthOffThread } from "./compute-off-thread";
import { computeHealth } from "./report";
import { scanVectorPairs, type VectorMatrix } from "./vector-duplicates";

/** Random unit-ish vectors for the input's samples, with sample 0's copied (slightly moved) into a sample of another benchmark. */
function plantedVectors(benchmarks: readonly string[], dim = 16): { matrix: VectorMatrix; twin: number } {
  const names = [...new Set(benchmarks)];
  const bench = Int32Array.from(benchmarks, (b) => names.indexOf(b));
  const uniform = seeded(7);
  const rand = () => uniform() / 2;
  const values = Float32Array.from({ length: benchmarks.length * dim }, rand);
  const twin = bench.findIndex((b) => b !== bench[0]);
  for (let k = 0; k < dim; k++) values[twin * dim + k] = values[k] * 1.01;
  return { matrix: { dim, values, bench }, twin };
}

describe("the health check's compute thread", () => {
  it("reports exactly what the computation reports on this thread (the input and report cross intact)", async () => {
    const input = healthInputFromLines(plantedPool());
    const [off, here] = [await computeHealthOffThread(input), computeHealth(input)];
    expect(off.sampleFlags.length).toBeGreaterThan(0);
    expect(off).toEqual(here);
  });

  it("scans the vectors for near-duplicate pairs in the thread: the report equals the one from pairs scanned here", async () => {
    const input = healthInputFromLines(plantedPool());
    const { matrix, twin } = plantedVectors(input.texts.benchmarks);
    const scanned = await scanVectorPairs(matrix, 0.95);
    expect(scanned).toContainEqual(expect.objectContaining({ a: 0, b: twin }));
    const off = await computeHealthOffThread({ ...input, vectorPairs: [] }, { matrix, threshold: 0.95 });
    expect(off).toEqual(computeHealth({ ...input, vectorPairs: scanned }));
    expect(off).not.toEqual(computeHealth({ ...input, vectorPairs: [] }));
  });

  it("reports in a process launched as npm start launches the worker (its exit-with-parent preload stays out of the thread)", async () => {
    const child = spawn(process.execPath, ["--import", "./scripts/lib/exit-with-parent.mjs", "--import", "tsx", "test/fixtures/health-thread-child.ts"], {
      env: { ...process.env, PORTAL_PARENT_PIPE: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.stdin.end();
    expect({ code, out: out.trim(), err: err.slice(-500) }).toMatchObject({ code: 0, out: expect.stringMatching(/^flags [1-9]/) });
  }, 60_000);
});
