// GET /api/evaluation-plan over the database: the selection's live leaderboard (computed once and
// cached per data version with every other view of it, lib/leaderboard/compute.ts) gives the
// measurements and the pool's fitted scores; planEvaluation (./evaluation-plan.ts) places the model
// and chooses its next samples; their full content and a template line each make the task file.
// Results uploaded since bump the data version, so the next call sees them: the plan adapts.
import { ApiError } from "@/lib/api/errors";
import { dataVersion } from "@/lib/db/data-version";
import { loadSampleContents } from "@/lib/db/queries/sample-contents";
import { storedImagePath } from "@/lib/images/urls";
import type { SelectionHealth } from "@/lib/health/selection";
import { computeLeaderboard } from "@/lib/leaderboard/compute";
import { tieredGroups, type TieredGroups } from "@/lib/ranking/groups";
import { samplesWithData, type MeasurementBatch } from "@/lib/ranking/measurements";
import { defaultLeaderboardQuery, pickSelection } from "@/lib/selection/schema";
import { planEvaluation } from "./evaluation-plan";
import { SELECTION_PARAMETERS, type PlanQuery } from "./request";
import type { TaskSample } from "./task-file";
import { templateIndex, templateLine } from "./template";

/** A planned sample: the fields the task files use, and why it was chosen. */
export interface PlannedSampleBody extends TaskSample {
  /** expected reduction of the projected score's squared error */
  gain: number;
  /** the model's predicted outcome on it, 0–1 */
  expected: number;
}

export interface EvaluationPlanBody {
  model: string;
  budget: number;
  samples: PlannedSampleBody[];
  current: {
    score: number;
    ci: [number, number];
    rank: number;
    rank_interval: [number, number];
    /** models ranked together with it */
    n_ranked: number;
  } | null;
  /** samples of the selection that some model has results on (what the plan draws from) */
  n_samples: number;
  /** of those, the ones the model has been measured on, and that share */
  measured: number;
  coverage: number;
  /** unmeasured samples left to plan */
  candidates: number;
  baseline: string;
  /** The health check's flags in the selection and, with exclude_flagged, what was left out; null before any check. */
  health: SelectionHealth | null;
  message: string | null;
  data_version: number;
}

/**
 * Tiered groups per loaded batch: a cached leaderboard computation hands back the same batch
 * object until the data version moves, so asking again (another model, budget, a reload) does not
 * group its measurements again.
 */
const groupsOf = new WeakMap<MeasurementBatch, TieredGroups>();
function groups(batch: MeasurementBatch): TieredGroups {
  let g = groupsOf.get(batch);
  if (!g) groupsOf.set(batch, (g = tieredGroups(batch)));
  return g;
}

const CATCH_UP_TRIES = 10;
const CATCH_UP_MS = 300;

/**
 * The selection's leaderboard at the current data version. A plan must see the results uploaded
 * just before it is asked for (that is what makes it adaptive), so an answer computed from an
 * older version — a per-process read model still catching up with an upload — is asked again,
 * for at most CATCH_UP_TRIES × CATCH_UP_MS.
 */
async function currentLeaderboard(q: PlanQuery) {
  const query = defaultLeaderboardQuery(pickSelection(q));
  let computed = await computeLeaderboard(query);
  for (let tries = 0; tries < CATCH_UP_TRIES && computed.leaderboard.data_version < (await dataVersion()); tries++) {
    await new Promise((r) => setTimeout(r, CATCH_UP_MS));
    computed = await computeLeaderboard(query);
  }
  return computed;
}

/** The selection parameters a request gave, for the message of an empty selection. */
function givenSelection(q: PlanQuery): string[] {
  return SELECTION_PARAMETERS.filter((k) => {
    const v = q[k as keyof PlanQuery];
    // exclude_flagged defaults to false: only its true was asked for.
    return Array.isArray(v) ? v.length > 0 : v !== undefined && v !== false;
  });
}

export async function evaluationPlanFor(q: PlanQuery): Promise<EvaluationPlanBody> {
  const { leaderboard, loaded, query } = await currentLeaderboard(q);
  const { batch, samplePks } = loaded;
  const withData = samplesWithData(batch).length;
  if (withData === 0) {
    const given = givenSelection(q);
    throw new ApiError(
      "bad_request",
      given.length
        ? `Parameter${given.length > 1 ? "s" : ""} ${given.map((k) => `"${k}"`).join(", ")}: the selection has no samples with results to plan from`
        : "The pool has no samples with results to plan from",
    );
  }
  const scores = new Map(leaderboard.models.filter((r) => r.score !== null).map((r) => [r.model, r.score!]));
  const plan = planEvaluation(batch, { model: q.model, budget: q.budget, scores, prior: query.prior, groups: groups(batch) });
  const contents = await loadSampleContents(plan.samples.map((p) => samplePks[p.index]));
  const ix = templateIndex(batch);
  const pool = Float64Array.from(batch.modelNames, (m) => (m === q.model ? NaN : (scores.get(m) ?? NaN)));
  const samples = plan.samples.map((p): PlannedSampleBody => {
    const c = contents.get(samplePks[p.index]);
    if (!c) throw new Error(`evaluation plan: sample ${p.id} vanished while planning`);
    return {
      id: c.id,
      benchmark: c.benchmark,
      input: c.input,
      reference: c.reference,
      image: storedImagePath(c.image_sha256),
      image_url: c.image_url,
      task: c.task,
      tags: c.tags,
      metadata: c.metadata,
      gain: p.gain,
      expected: p.expected,
      template: templateLine(batch, ix, p.index, q.model, pool, plan.current?.score ?? NaN),
    };
  });
  const current = plan.current && {
    score: plan.current.score,
    ci: plan.current.ci,
    rank: plan.current.rank,
    rank_interval: plan.current.rankInterval,
    n_ranked: plan.current.nRanked,
  };
  return {
    model: q.model,
    budget: q.budget,
    samples,
    current,
    n_samples: withData,
    measured: plan.measured,
    coverage: plan.measured / withData,
    candidates: plan.candidates,
    baseline: leaderboard.baseline,
    message: plan.message,
    data_version: leaderboard.data_version,
    // What the health check flagged in the selection and, with exclude_flagged, left out (api.md:
    // the answer lists what it excluded), as the leaderboard says it.
    health: leaderboard.health ?? null,
  };
}
