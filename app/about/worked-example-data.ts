// The worked example of /about, computed live: one demo sample (the first of a benchmark with a
// graded metric and arena battles, else the first sample of the pool), its measurements as tiers,
// the choice events they produce, and a Plackett–Luce fit on that sample alone.
import { loadBatch } from "@/lib/leaderboard/load-batch";
import { loadSampleSummaries, type SampleSummary } from "@/lib/samples/summaries";
import { buildChoices, losersOf } from "@/lib/ranking/choices";
import { rank } from "@/lib/ranking/leaderboard";
import { sampleRanking, type SampleGroupView } from "@/lib/ranking/views";
import { retrieve } from "@/lib/serving/retrieve";
import { fitBaseline, resolveQuery } from "@/lib/selection/defaults";
import { defaultLeaderboardQuery, selectionSchema } from "@/lib/selection/schema";

const PREFERRED_BENCHMARK = "demo-chat-arena";

export interface ChoiceEventView {
  winner: string;
  losers: string[];
  weight: number;
}

export interface WorkedExample {
  sample: SampleSummary;
  groups: SampleGroupView[];
  events: ChoiceEventView[];
  baseline: string;
  prior: number;
  scores: { model: string; score: number | null }[];
}

export async function workedExample(): Promise<WorkedExample | null> {
  let r = await retrieve(selectionSchema.parse({ benchmark: PREFERRED_BENCHMARK, k: "1" }));
  if (r.samples.length === 0) r = await retrieve(selectionSchema.parse({ k: "1" }));
  const pk = r.samples[0]?.pk;
  if (pk === undefined) return null;
  const [{ batch }, [sample]] = await Promise.all([loadBatch([pk]), loadSampleSummaries([pk])]);
  if (!sample || batch.nSamples === 0) return null;
  const c = buildChoices(batch);
  const events: ChoiceEventView[] = [];
  for (let e = 0; e < c.winner.length; e++) {
    events.push({ winner: batch.modelNames[c.winner[e]], losers: losersOf(c, e).map((m) => batch.modelNames[m]), weight: c.weight[e] });
  }
  const defaults = resolveQuery(defaultLeaderboardQuery());
  const prior = defaults.prior;
  const fit = rank("plackett-luce", batch, { baseline: fitBaseline(defaults, batch.modelNames), prior, ci: "none" });
  return {
    sample,
    groups: sampleRanking(batch, 0),
    events,
    baseline: fit.baseline,
    prior,
    scores: fit.models.map((m) => ({ model: m.model, score: m.score })),
  };
}
