// /about, section 6: how GET /api/evaluation-plan and /evaluate choose a new model's samples
// (lib/planning/README.md has the same in more detail; npm run bench:plan measures it).
import Link from "next/link";
import { Card } from "@/components/ui/card";

export function EvaluationPlanSection() {
  return (
    <Card title="6. Evaluating a new model: which samples to run" id="evaluation-plan">
      <div className="space-y-2 text-sm text-slate-700">
        <p>
          <Link className="underline" href="/evaluate">
            /evaluate
          </Link>{" "}
          (and <code>GET /api/evaluation-plan</code>) chooses, for a model and a selection, the samples whose results place it soonest. Each sample is first
          calibrated on the other models: a logistic curve of its outcome against their fitted scores (difficulty and discrimination, shrunk towards the
          selection&apos;s typical sample). The new model is described by its strength plus deviations per difficulty band, per discrimination tier and per benchmark/topic, fitted to
          the results it has so far; what it is expected to deviate by before its results say otherwise is learnt from the other models (around zero, or,
          where every model was judged against one reference as on AlpacaEval, around the deviations the other models of its strength show).
        </p>
        <p>
          Its <strong>projected score</strong> solves the leaderboard&apos;s own Plackett–Luce score equation over every selected sample, with the samples it
          has been run on counting their actual results and the others their expected ones, averaged over what is still unknown about its traits. The uncertainty of that projection has two parts: the outcomes
          not yet seen, and what is not yet known about its traits; ± 1.96 standard deviations gives the 95% interval for the score it will have once run on
          everything, and read against the other models&apos; scores, its rank interval.
        </p>
        <p>
          <strong>The criterion</strong>: the next sample is the one whose result is expected to reduce the squared error of that projection the most (a
          Bayesian c-optimal design), chosen greedily so that later picks know about earlier ones. Samples are chosen between cells (difficulty band ×
          discrimination tier × benchmark/topic) and drawn within a cell in a fixed pseudo-random order, so the plan can prefer questions that sort the
          other models by strength while the samples run stay a fair draw of their cell, which keeps the interval honest; every benchmark/topic and every
          difficulty band keeps at least 80% of its proportional share on samples judged in pairs (there the model meets only the opponents of the samples
          it ran, so which ones it ran would move its score) and 30% where every model is ranked on the same sample. Same inputs, same plan; results uploaded since change the fit, and so the next plan.
        </p>
        <p className="text-xs text-slate-500">
          Measured by <code>npm run bench:plan</code> (held-out models placed from 10% of a selection, chosen in rounds of 20; 2 shared cores, load
          average 4–7): on MMLU-Pro topics (math, law, history) and arena prompts the planned samples place a model with a rank error 0.62–0.75× that
          of the same number drawn at random, 0.73× on all of MMLU-Pro as one selection (12,032 samples, 23 held-out models × 15 draws) and 0.71× on
          AlpacaEval (its difficulty bands are cut at the deciles of its own samples, where most models beat the reference). The 95% rank intervals
          cover the place it gets with every sample 98–99% of the time. A model uploaded with planned samples only is post-stratified on the leaderboard
          (see “Models measured on a skewed few samples” above): its interval there covers that place 97–100% of the time, but the projection shown here
          and on /evaluate places it more closely (all of MMLU-Pro: 0.39 ranks off against 1.06).
        </p>
      </div>
    </Card>
  );
}
