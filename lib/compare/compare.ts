// GET /api/compare: how a handful of models compare on one selection of samples.
//   - head_to_head: P(i beats j) = 1 / (1 + exp(s_j − s_i)) from the selection's one
//     Plackett–Luce fit over all models (the live leaderboard's scores);
//   - pairwise: empirical wins / losses / ties of i over j from the per-sample orderings;
//   - benchmarks, tags: one Plackett–Luce fit per benchmark and per top tag over the chosen
//     models plus the baseline (the anchor fixed at 0, so the bars share the leaderboard's scale);
//   - disagreements: the samples whose orderings most contradict the chosen models' overall order.
// The selection is retrieved once, by the leaderboard computation; only the chosen models'
// measurements of those samples are loaded again, for the fits over them alone.
import { ApiError } from "@/lib/api/errors";
import { computeLeaderboard, type ServedComputation } from "@/lib/leaderboard/compute";
import { loadBatch } from "@/lib/leaderboard/load-batch";
import { requireKnownModels } from "@/lib/leaderboard/row-facts";
import type { ApiLeaderboardRow } from "@/lib/leaderboard/response";
import { loadModelOutputs } from "@/lib/db/queries/measurement-outputs";
import { tieredGroups } from "@/lib/ranking/groups";
import { benchmarkSubsets, topTagSubsets, type SubsetFit } from "@/lib/ranking/subset-fits";
import { cachedSubsetFits } from "@/lib/serving/subset-fit-cache";
import { headToHead } from "@/lib/ranking/views";
import { excerpt } from "@/lib/samples/excerpt";
import { loadSampleSummaries } from "@/lib/samples/summaries";
import { DEFAULT_MODELS, MAX_MODELS, MIN_MODELS } from "@/lib/selection/route-schemas";
import { defaultLeaderboardQuery, type Selection } from "@/lib/selection/schema";
import { disagreements, type Disagreement, type Outcome } from "./disagreement";
import { empiricalPairs, type PairRecord } from "./pairwise";

export const TOP_TAGS = 8;
export const DISAGREEMENTS = 15;
/** Outputs beside each other are previews; the sample page has them whole. */
export const OUTPUT_EXCERPT = 2000;

export interface SubsetScore {
  model: string;
  rank: number | null;
  score: number | null;
  ci: [number, number] | null;
  n_samples: number;
}

export interface SubsetScores {
  name: string;
  n_samples: number;
  baseline: string;
  /** one entry per chosen model, in the order of `models` (null scores where it has no data) */
  scores: SubsetScore[];
}

export interface Comparison {
  models: string[];
  /** true when `models` was not given and the top of the leaderboard was taken */
  default_models: boolean;
  baseline: string;
  n_samples: number;
  /** the chosen models' rows of the selection's Plackett–Luce leaderboard */
  overall: ApiLeaderboardRow[];
  /** p[i][j] = P(models[i] beats models[j]); null on the diagonal and for unranked models */
  head_to_head: { models: string[]; p: (number | null)[][] };
  pairwise: PairRecord[];
  benchmarks: SubsetScores[];
  tags: SubsetScores[];
  disagreements: {
    sample_id: string;
    benchmark: string;
    input: string;
    /** Where the portal serves the sample's image, or null. */
    image: string | null;
    kind: string;
    key: string;
    disagreement: number;
    upsets: number;
    leader_lost: boolean;
    outcomes: Outcome[];
    /** the chosen models' outputs in this group (results format v1.1), cut to OUTPUT_EXCERPT characters */
    outputs: { model: string; judge: string | null; output: string; length: number }[];
  }[];
  /** every model of the selection's leaderboard, by rank: what the picker offers */
  available: { model: string; rank: number | null; score: number | null }[];
  warnings: string[];
}

async function chooseModels(requested: string[], ranked: ApiLeaderboardRow[]): Promise<{ models: string[]; isDefault: boolean }> {
  const unique = [...new Set(requested)];
  if (unique.length === 0) {
    const top = ranked.filter((r) => r.score !== null).slice(0, DEFAULT_MODELS).map((r) => r.model);
    if (top.length < MIN_MODELS) throw new ApiError("unprocessable", `This selection ranks ${top.length} model${top.length === 1 ? "" : "s"}: at least ${MIN_MODELS} are needed to compare`);
    return { models: top, isDefault: true };
  }
  if (unique.length < MIN_MODELS) throw new ApiError("bad_request", `Parameter "models": give at least ${MIN_MODELS} different models (got ${unique.length})`);
  if (unique.length > MAX_MODELS) throw new ApiError("bad_request", `Parameter "models": at most ${MAX_MODELS} models can be compared (got ${unique.length})`);
  await requireKnownModels(unique);
  return { models: unique, isDefault: false };
}

function subsetScores(fits: SubsetFit[], models: string[]): SubsetScores[] {
  return fits.map((f) => {
    const byModel = new Map(f.rows.map((r) => [r.model, r]));
    return {
      name: f.name,
      n_samples: f.nSamples,
      baseline: f.baseline,
      scores: models.map((model) => {
        const r = byModel.get(model);
        return { model, rank: r?.rank ?? null, score: r?.score ?? null, ci: r?.ci ?? null, n_samples: r?.nSamples ?? 0 };
      }),
    };
  });
}

/**
 * Comparisons already made, by the leaderboard computation they were made from (its `loaded`
 * selection: one object per query and data version, kept while the leaderboard cache keeps the
 * computation) and then by the chosen models. A page view of /compare without parameters was
 * recomputed whole on every request (1.6 s at 1M samples, the subset fits' cache notwithstanding);
 * once a new version's leaderboard is computed, its comparisons are made afresh.
 */
const made = new WeakMap<object, Map<string, Comparison>>();
/** Comparisons remembered per computation (the default and a few chosen sets of models). */
const MADE_PER_COMPUTATION = 8;

export async function compareModels(input: { models: string[]; selection: Selection }): Promise<Comparison> {
  const computed = await computeLeaderboard(defaultLeaderboardQuery(input.selection));
  const lb = computed.leaderboard;
  const { models, isDefault } = await chooseModels(input.models, lb.models);
  const key = JSON.stringify([models, isDefault]);
  let ofComputation = made.get(computed.loaded);
  const hit = ofComputation?.get(key);
  if (hit) return hit;
  const comparison = await compareChosen(computed, models, isDefault);
  if (!ofComputation) made.set(computed.loaded, (ofComputation = new Map()));
  ofComputation.set(key, comparison);
  if (ofComputation.size > MADE_PER_COMPUTATION) ofComputation.delete(ofComputation.keys().next().value!);
  return comparison;
}

async function compareChosen(computed: ServedComputation, models: string[], isDefault: boolean): Promise<Comparison> {
  const lb = computed.leaderboard;
  const rows = new Map(lb.models.map((r) => [r.model, r]));
  const warnings = models.filter((m) => !rows.get(m) || rows.get(m)!.score === null).map((m) => `${m} has no score in this selection`);

  const baseline = lb.baseline || computed.query.baseline;
  const { batch, samplePks } = await loadBatch(
    // The leaderboard's own samples: with exclude_flagged, those the health check did not leave out.
    computed.loaded.samplePks,
    new Set([...models, baseline]),
    // The read model the leaderboard was computed from: the same version, without polling again.
    computed.model,
  );
  const chosen = models.map((m) => batch.modelNames.indexOf(m)).filter((i) => i >= 0);
  const groups = tieredGroups(batch);
  const fitOpts = { baseline, prior: computed.query.prior };
  const onlyChosen = (fits: SubsetFit[]) => subsetScores(fits, models);
  const benchmarks = benchmarkSubsets(batch);
  // One call: the batch's lines are hashed once for both kinds of subset.
  const subsetFits = cachedSubsetFits(batch, [...benchmarks, ...topTagSubsets(batch, TOP_TAGS)], fitOpts);

  const overallScore = (i: number) => rows.get(batch.modelNames[i])?.score ?? null;
  const found = disagreements(batch, groups, chosen, chosen.map(overallScore), DISAGREEMENTS);
  const foundPks = found.map((d) => samplePks[d.sample]);
  const [summaryRows, outputRows] = await Promise.all([loadSampleSummaries(foundPks), loadModelOutputs(models, foundPks)]);
  const summaries = new Map(summaryRows.map((s) => [s.pk, s]));
  // A pairwise disagreement is keyed "A vs B" (./disagreement.ts): its outputs are those two models' on pairwise lines.
  const inGroup = (d: Pick<Disagreement, "kind" | "key" | "outcomes">) => {
    const present = new Set(d.outcomes.filter((o) => o.place !== null).map((o) => o.model));
    return (o: (typeof outputRows)[number]) => (d.kind === "pairwise" ? o.kind === "pairwise" && present.has(o.model) : o.kind === d.kind && (o.key ?? "") === d.key);
  };
  const outputsOf = (pk: number, d: Pick<Disagreement, "kind" | "key" | "outcomes">) =>
    outputRows
      .filter((o) => o.samplePk === pk && inGroup(d)(o))
      .sort((a, b) => models.indexOf(a.model) - models.indexOf(b.model) || (a.judge ?? "").localeCompare(b.judge ?? ""))
      .map((o) => ({ model: o.model, judge: o.judge, output: excerpt(o.output, OUTPUT_EXCERPT), length: o.output.length }));

  return {
    models,
    default_models: isDefault,
    baseline,
    n_samples: lb.n_samples,
    overall: models.flatMap((m) => (rows.has(m) ? [rows.get(m)!] : [])),
    head_to_head: { models, p: headToHead(models.map((m) => rows.get(m)?.score ?? null)) },
    pairwise: empiricalPairs(batch, groups, chosen),
    benchmarks: onlyChosen(subsetFits.slice(0, benchmarks.length)),
    tags: onlyChosen(subsetFits.slice(benchmarks.length)),
    disagreements: found.map(({ sample, ...d }) => {
      const s = summaries.get(samplePks[sample]);
      return { sample_id: s?.id ?? String(samplePks[sample]), benchmark: s?.benchmark ?? "", input: s?.input ?? "", image: s?.image ?? null, ...d, outputs: outputsOf(samplePks[sample], d) };
    }),
    available: lb.models.map((r) => ({ model: r.model, rank: r.rank, score: r.score })),
    warnings,
  };
}
