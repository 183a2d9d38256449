// The evidence behind one leaderboard row: the samples of a selection on which the model has a
// result, in retrieval order, with its raw outcome on each (./outcomes.ts). The retrieval and the
// batch are the leaderboard computation's own.
import { loadModelOutputs } from "@/lib/db/queries/measurement-outputs";
import { computeLeaderboard } from "@/lib/leaderboard/compute";
import type { ApiLeaderboardRow } from "@/lib/leaderboard/response";
import { tieredGroups } from "@/lib/ranking/groups";
import { excerpt } from "@/lib/samples/excerpt";
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
  /** the model's outputs on this sample (results format v1.1), each cut to OUTPUT_EXCERPT characters */
  outputs: { key: string | null; judge: string | null; output: string; length: number }[];
}

/** Outputs in a list of samples are previews; the sample page has them whole. */
export const OUTPUT_EXCERPT = 1000;

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
  const [summaries, outputRows] = await Promise.all([loadSampleSummaries(shown.map((s) => s.pk)), loadModelOutputs([name], shown.map((s) => s.pk))]);
  const outputs = new Map<number, EvidenceSample["outputs"]>();
  for (const o of outputRows.sort((a, b) => (a.key ?? "").localeCompare(b.key ?? "") || (a.judge ?? "").localeCompare(b.judge ?? ""))) {
    const list = outputs.get(o.samplePk) ?? [];
    list.push({ key: o.key, judge: o.judge, output: excerpt(o.output, OUTPUT_EXCERPT), length: o.output.length });
    outputs.set(o.samplePk, list);
  }
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
      outputs: outputs.get(s.pk) ?? [],
      ...outcomes.get(indexOfPk.get(s.pk)!)!,
    })),
    notice: retrieval.notice ?? null,
  };
}
