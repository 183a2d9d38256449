// GET /api/samples/{id}: one sample, every visible measurement of it, and the sample-level ranking
// those measurements became (./sample-ranking.ts) — the evidence behind every leaderboard row.
import { loadSampleEvidence } from "@/lib/db/queries/measurement-outputs";
import { servedModelNames } from "@/lib/db/queries/models";
import { findVisibleSample } from "@/lib/db/queries/samples";
import { sampleFlags, type ApiSampleFlag } from "@/lib/health/read";
import { storedImagePath } from "@/lib/images/urls";
import { loadBatch } from "@/lib/leaderboard/load-batch";
import { toRawMeasurements, type RawMeasurement } from "./raw-measurements";
import { sampleLevelRanking, type RankingGroupView } from "./sample-ranking";

export interface SampleDetail {
  id: string;
  benchmark: string;
  task: string | null;
  tags: string[];
  input: string;
  reference: string | null;
  metadata: Record<string, unknown>;
  image_url: string | null;
  /** Where the portal serves the sample's stored image (never image_url itself), or null. */
  image: string | null;
  /** Why image_url could not be fetched and stored, when that is so. */
  image_error: string | null;
  /** Models with at least one measurement on this sample, by name. */
  models: string[];
  measurements: RawMeasurement[];
  /** One entry per group: tiers best first and the top-1 choice events they yield. */
  ranking: RankingGroupView[];
  n_choice_events: number;
  /** The newest benchmark-health check's flags of this sample, worst first (lib/health). */
  flags: ApiSampleFlag[];
}

/** The sample with this id, or null when there is no visible one. */
export async function getSampleDetail(id: string): Promise<SampleDetail | null> {
  const sample = await findVisibleSample(id);
  if (!sample) return null;
  const [rows, { batch }, flags] = await Promise.all([loadSampleEvidence(sample.pk), loadBatch([sample.pk]), sampleFlags(sample.pk)]);
  const measurements = toRawMeasurements(rows, await servedModelNames(rows.flatMap((r) => [r.modelId, r.modelBId])));
  const ranking = batch.nSamples > 0 ? sampleLevelRanking(batch, 0) : [];
  const models = new Set<string>();
  for (const m of measurements) {
    if (m.type === "pairwise") models.add(m.model_a).add(m.model_b);
    else if (m.type === "ranking") m.ranking.flat().forEach((n) => models.add(n));
    else models.add(m.model);
  }
  return {
    id: sample.id,
    benchmark: sample.benchmark,
    task: sample.task,
    tags: sample.tags,
    input: sample.input,
    reference: sample.reference,
    metadata: sample.metadata,
    image_url: sample.image_url,
    image: storedImagePath(sample.image_sha256),
    image_error: sample.image_error,
    models: [...models].sort((a, b) => a.localeCompare(b)),
    measurements,
    ranking,
    n_choice_events: ranking.reduce((n, g) => n + g.choices.length, 0),
    flags,
  };
}
