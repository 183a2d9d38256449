// Loads the whole visible pool into the health check's input (./report.ts) in slices of samples:
// each slice is four short indexed queries (samples, their measurements, their stored score
// outputs, their text vectors of the text space's active model) and the loop yields to the event loop between slices, so that web requests sharing
// the embedded database's single session are never queued behind a long read.
import { getEmbeddingSpace } from "@/lib/db/queries/embedding-spaces";
import { loadHealthSamples, loadScoreOutputs } from "@/lib/db/queries/health-inputs";
import { vectorsOf } from "@/lib/db/queries/read-model";
import { loadVisibleMeasurements, type VisibleMeasurement } from "@/lib/db/queries/measurements";
import { loadModelNames } from "@/lib/db/queries/models";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { TEXT_SPACE } from "@/lib/retrieval/spaces";
import type { HealthInput, OutputRow } from "./report";
import type { VectorMatrix } from "./vector-duplicates";

export const SLICE = 1000;

export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

function addMeasurement(b: MeasurementBatchBuilder, s: number, m: VisibleMeasurement, name: (id: number) => string): void {
  if (m.kind === "score" && m.modelId !== null && m.value !== null) b.addScore(s, name(m.modelId), m.key ?? "score", m.value, m.higherIsBetter);
  else if (m.kind === "unit_test" && m.modelId !== null && m.value !== null) b.addUnitTest(s, name(m.modelId), m.key ?? "criterion", m.value);
  else if (m.kind === "pairwise" && m.modelId !== null && m.modelBId !== null && m.winner) b.addPairwise(s, name(m.modelId), name(m.modelBId), m.winner, m.value ?? undefined);
  else if (m.kind === "ranking" && m.tiers && m.tiers.flat().length >= 2) b.addRanking(s, m.tiers.map((t) => t.map(name)), m.key ?? "ranking");
}

export interface LoadedPool {
  input: Omit<HealthInput, "prior">;
  /** sample index → primary key */
  samplePks: number[];
  /** text vectors by sample index (./vector-duplicates.ts) and their model; null before the text space has a model */
  vectors: { matrix: VectorMatrix; model: string } | null;
}

/** Rows of sample-index-keyed vectors, grown as slices arrive. */
class VectorRows {
  private data: Float32Array;
  private n = 0;
  constructor(readonly dim: number) {
    this.data = new Float32Array(1024 * dim);
  }
  set(row: number, v: Float32Array): void {
    if ((row + 1) * this.dim > this.data.length) {
      const grown = new Float32Array(Math.max(this.data.length * 2, (row + 1) * this.dim));
      grown.set(this.data);
      this.data = grown;
    }
    this.data.set(v, row * this.dim);
    this.n = Math.max(this.n, row + 1);
  }
  matrix(nRows: number, benchmarks: readonly string[]): VectorMatrix {
    const index = new Map<string, number>();
    const bench = Int32Array.from(benchmarks, (b) => (index.has(b) ? index.get(b)! : (index.set(b, index.size), index.size - 1)));
    const values = new Float32Array(nRows * this.dim);
    values.set(this.data.subarray(0, Math.min(this.n, nRows) * this.dim));
    return { dim: this.dim, values, bench };
  }
}

/** Adds the names of the ids `names` lacks (null ids: none). */
export async function nameAll(names: Map<number, string>, ids: readonly (number | null | undefined)[]): Promise<void> {
  const missing = [...new Set(ids.filter((id): id is number => typeof id === "number" && !names.has(id)))];
  if (missing.length) for (const [id, n] of await loadModelNames(missing)) names.set(id, n);
}

export async function loadPool(slice = SLICE): Promise<LoadedPool> {
  const names = await loadModelNames();
  const name = (id: number) => names.get(id) ?? `model#${id}`;
  const b = new MeasurementBatchBuilder();
  const texts = { ids: [] as string[], benchmarks: [] as string[], inputs: [] as string[], references: [] as (string | null)[], images: [] as (string | null)[] };
  const samplePks: number[] = [];
  const outputs: OutputRow[] = [];
  const space = await getEmbeddingSpace(TEXT_SPACE);
  const vectors = space.activeModel ? new VectorRows(space.dim) : null;
  for (let after = 0; ; ) {
    const rows = await loadHealthSamples(after, slice);
    if (rows.length === 0) break;
    const index = new Map<number, number>();
    for (const r of rows) {
      index.set(r.pk, b.sample(r.id, r.benchmark, r.tags));
      samplePks.push(r.pk);
      texts.ids.push(r.id);
      texts.benchmarks.push(r.benchmark);
      texts.inputs.push(r.input);
      texts.references.push(r.reference);
      texts.images.push(r.image);
    }
    const pks = rows.map((r) => r.pk);
    const [measurements, scored] = await Promise.all([loadVisibleMeasurements(pks), loadScoreOutputs(pks)]);
    // Models first written after the names were read (an upload published during the run) are read now.
    await nameAll(names, [...measurements.flatMap((m) => [m.modelId, m.modelBId, ...(m.tiers?.flat() ?? [])]), ...scored.map((o) => o.modelId)]);
    for (const m of measurements) addMeasurement(b, index.get(m.samplePk)!, m, name);
    for (const o of scored) {
      outputs.push({ sample: index.get(o.samplePk)!, model: name(o.modelId), metric: o.metric, value: o.value, higherIsBetter: o.higherIsBetter, output: o.output });
    }
    if (vectors) for (const [pk, vector] of await vectorsOf(TEXT_SPACE, space.activeModel!, pks)) vectors.set(index.get(pk)!, vector);
    after = rows[rows.length - 1].pk;
    await yieldToOthers();
  }
  return { input: { batch: b.build(), texts, outputs }, samplePks, vectors: vectors ? { matrix: vectors.matrix(samplePks.length, texts.benchmarks), model: space.activeModel! } : null };
}
