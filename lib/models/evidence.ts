// The evidence behind one leaderboard row: the samples of a selection on which the model has a
// result, in retrieval order, with its raw outcome on each (./outcomes.ts). The retrieval and the
// batch are the leaderboard computation's own.
import { computeLeaderboard } from "@/lib/leaderboard/compute";
import type { ApiLeaderboardRow } from "@/lib/leaderboard/response";
import { tieredGroups } from "@/lib/ranking/groups";
import { loadSampleSummaries } from "@/lib/samples/summaries";
import { DEFAULT_EVIDENCE_LIMIT } from "@/lib/selection/route-schemas";
import { defaultLeaderboardQuery, type Selection } from "@/lib/selection/schema";
import { modelOutcomes, type SampleOutcome } from "./outcomes";

export interface EvidenceSample extends SampleOutcome {
  id: string;
  benchmark: string;
  /** excerpt of the input, at most 300 characters */
  input: string;
  similarity: number | null;
}

export interface Evidence {
  /** the model's row of the selection's Plackett–Luce leaderboard; null if it has none */
  row: ApiLeaderboardRow | null;
  n_models: number;
  baseline: string;
  /** samples the selection retrieves */
  n_retrieved: number;
  /** of those, samples on which the model has a result */
  n_samples: number;
  /** the first `limit` of them */
  samples: EvidenceSample[];
  notice: string | null;
}

export async function modelEvidence(name: string, selection: Selection, limit = DEFAULT_EVIDENCE_LIMIT): Promise<Evidence> {
  const { leaderboard: lb, retrieval, loaded } = await computeLeaderboard(defaultLeaderboardQuery(selection));
  const { batch, samplePks } = loaded;
  const m = batch.modelNames.indexOf(name);
  const outcomes = m >= 0 ? modelOutcomes(batch, tieredGroups(batch), m) : new Map<number, SampleOutcome>();
  const indexOfPk = new Map(samplePks.map((pk, i) => [pk, i]));
  const withResult = retrieval.samples.filter((s) => outcomes.has(indexOfPk.get(s.pk) ?? -1));
  const shown = withResult.slice(0, limit);
  const summaries = await loadSampleSummaries(shown.map((s) => s.pk));
  const similarity = new Map(shown.map((s) => [s.pk, s.similarity]));
  return {
    row: lb.models.find((r) => r.model === name) ?? null,
    n_models: lb.models.filter((r) => r.rank !== null).length,
    baseline: lb.baseline,
    n_retrieved: retrieval.samples.length,
    n_samples: withResult.length,
    samples: summaries.map((s) => ({
      id: s.id,
      benchmark: s.benchmark,
      input: s.input,
      similarity: similarity.get(s.pk) ?? null,
      ...outcomes.get(indexOfPk.get(s.pk)!)!,
    })),
    notice: retrieval.notice ?? null,
  };
}
