// Reads a results-format file (../shared/spec/results-format.md) into the health check's input
// (lib/health/report.ts): the batch, every sample's input and reference, and stored outputs of
// score lines. For bench:health and the real-data tests; the shared files are known-good.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import type { HealthInput, OutputRow } from "../../lib/health/report";
import { MeasurementBatchBuilder } from "../../lib/ranking/batch-builder";
import { DEFAULT_PRIOR } from "../../lib/ranking/prior";

interface Line {
  type: string;
  [k: string]: unknown;
}

export async function readHealthInput(path: string): Promise<HealthInput> {
  const lines: Line[] = [];
  const raw = createReadStream(path);
  for await (const text of createInterface({ input: path.endsWith(".gz") ? raw.pipe(createGunzip()) : raw, crlfDelay: Infinity })) {
    if (text.trim()) lines.push(JSON.parse(text) as Line);
  }
  return healthInputFromLines(lines);
}

/** The same from parsed lines (objects of the results format). */
export function healthInputFromLines(lines: readonly object[]): HealthInput {
  const b = new MeasurementBatchBuilder();
  const ids: string[] = [];
  const benchmarks: string[] = [];
  const inputs: string[] = [];
  const references: (string | null)[] = [];
  const images: (string | null)[] = [];
  for (const d of lines as Line[]) {
    if (d.type !== "sample") continue;
    b.sample(d.id as string, d.benchmark as string, d.tags as string[] | undefined);
    ids.push(d.id as string);
    benchmarks.push(d.benchmark as string);
    inputs.push((d.input as string | undefined) ?? "");
    references.push((d.reference as string | undefined) ?? null);
    // Within one file a bundle path or a URL names one image.
    images.push((d.image as string | undefined) ?? (d.image_url as string | undefined) ?? null);
  }
  const index = new Map(ids.map((id, i) => [id, i]));
  const outputs: OutputRow[] = [];
  for (const d of lines as Line[]) {
    if (d.type === "score") {
      b.addScore(d.sample as string, d.model as string, d.metric as string, d.value as number, d.higher_is_better !== false);
      if (typeof d.output === "string") {
        outputs.push({ sample: index.get(d.sample as string)!, model: d.model as string, metric: d.metric as string, value: d.value as number, higherIsBetter: d.higher_is_better !== false, output: d.output });
      }
    } else if (d.type === "unit_test") b.addUnitTest(d.sample as string, d.model as string, d.criterion as string, d.value as number);
    else if (d.type === "pairwise") b.addPairwise(d.sample as string, d.model_a as string, d.model_b as string, d.winner as "a" | "b" | "tie", d.p_a as number | undefined);
    else if (d.type === "ranking") b.addRanking(d.sample as string, d.ranking as string[][], (d.metric as string | undefined) ?? "ranking");
  }
  return { batch: b.build(), texts: { ids, benchmarks, inputs, references, images }, outputs, prior: DEFAULT_PRIOR };
}
