// The prose of /about: how metrics become rankings, Plackett–Luce, the prior, intervals and the
// other methods. Constants come from the code so the page cannot drift from it.
import { DEFAULT_RESAMPLES } from "@/lib/ranking/bootstrap";
import { ELO_INITIAL, ELO_K } from "@/lib/ranking/elo";
import { Card } from "@/components/ui/card";

const Formula = ({ children }: { children: React.ReactNode }) => (
  <p className="my-2 overflow-x-auto rounded-md bg-slate-50 px-3 py-2 font-serif text-base text-slate-900">{children}</p>
);
const th = <span>θ</span>;

export function FromMetricsToRankings() {
  return (
    <Card id="format" title="1. From any metric to per-sample rankings">
      <div className="space-y-2 text-sm text-slate-700">
        <p>
          Every result is kept per sample. On one sample, the results of one metric (0/1 accuracy, BLEU, a 1–10 judge grade, a unit-test score; negated when
          lower is better) order the models into <strong>tiers</strong>: equal values tie. A judge&apos;s ranking is already a list of tiers.
        </p>
        <p>
          Tiers become <strong>top-1 choice events</strong>: every model of tier <var>t</var> is &ldquo;chosen&rdquo; over the set of all models in lower tiers (weight
          1); the last tier chooses nothing. A pairwise comparison gives two events, <var>a</var> over {"{"}b{"}"} with weight <var>p<sub>a</sub></var> and{" "}
          <var>b</var> over {"{"}a{"}"} with weight 1 − <var>p<sub>a</sub></var>; without <var>p<sub>a</sub></var> a win counts 1, a tie ½ each way.
        </p>
      </div>
    </Card>
  );
}

export function PlackettLuce({ prior, priorSource }: { prior: number; priorSource: string }) {
  return (
    <Card title="2. Plackett–Luce, with the baseline fixed at 0">
      <div className="space-y-2 text-sm text-slate-700">
        <p>Each model has a strength {th}; the probability that model <var>i</var> is chosen from a set <var>C</var> is</p>
        <Formula>
          P(<var>i</var> | <var>C</var>) = e<sup>{th}<sub>i</sub></sup> / Σ<sub>j∈C</sub> e<sup>{th}<sub>j</sub></sup>
        </Formula>
        <p>
          The scores maximise the weighted log-likelihood ℓ({th}) = Σ<sub>e</sub> w<sub>e</sub> [{th}<sub>winner(e)</sub> − log Σ<sub>j∈C<sub>e</sub></sub> e
          <sup>{th}<sub>j</sub></sup>] (Newton&apos;s method, to 10<sup>−10</sup>). Only differences are identified, so the baseline model is fixed at {th} = 0
          and every score reads as a log-odds against it: a score of +1 means e ≈ 2.7 times the odds of being preferred.
        </p>
        <p>
          <strong>Prior.</strong> Every model also plays {prior} virtual win{prior === 1 ? "" : "s"} and {prior} virtual loss{prior === 1 ? "" : "es"} against a
          reference player fixed at 0 ({priorSource}). Measured on MMLU-Pro and two arena data sets, 0.1 moves no connected model by more than 0.07 of its
          own standard error (prior 1 moves 20-item selections by half a standard error), yet keeps a model that never lost finite — its wide interval and a
          warning say how little is known. <code>prior=0</code> in the URL gives the pure maximum-likelihood estimate.
        </p>
        <p>
          Models that cannot be linked to the baseline by comparisons (the comparison graph is not connected) get no invented score: the page warns instead.
        </p>
      </div>
    </Card>
  );
}

export function Intervals() {
  return (
    <Card id="uncertainty" title="3. Uncertainty">
      <div className="space-y-2 text-sm text-slate-700">
        <p>
          <strong>Live queries</strong> show analytic 95% intervals <var>s<sub>i</sub></var> ± 1.96 √Var({th}<sub>i</sub> − {th}<sub>baseline</sub>). The
          variance is cluster-robust by sample (a “sandwich” H⁻¹ B H⁻¹, with H the observed information and B the sum over samples of each sample’s
          score outer product): all choice events of one question share its difficulty, and treating them as independent made the plain
          observed-information intervals about half as wide as the bootstrap on MMLU-Pro; the sandwich matches it (median width ratio 1.05).
        </p>
        <p>
          <strong>Saved leaderboards</strong> are refitted by the worker with a bootstrap over samples ({DEFAULT_RESAMPLES} resamples drawn with replacement,
          2.5% and 97.5% percentiles), which also captures how much the ranking depends on which samples were chosen.
        </p>
        <p>
          <strong>Models measured on a skewed few samples</strong> (under half of the samples of the benchmarks they were run on, e.g. the samples an
          evaluation plan chose) are <em>post-stratified</em>: if the mix of their samples over benchmark/topic × difficulty band differs from the
          selection&apos;s beyond chance (χ² test at 1%), each of their samples is weighted by how under- or over-represented its cell is (N<sub>c</sub> / n
          <sub>c</sub>), their score solves the weighted score equation with every other model held at the joint fit, and their interval uses the weighted
          sandwich variance when it is wider. A sample&apos;s difficulty is the mean result of the models run on at least 90% of its benchmark/topic; samples
          judged in pairs are not banded (there the opponent&apos;s result is the model&apos;s own). Plackett–Luce has no difficulty parameter, so a model run
          mostly on middling questions would otherwise be placed as if they were typical. The table marks such a model “reweighted”; random subsets and
          fully measured models are left exactly as fitted.
        </p>
        <p>
          <strong>Rank intervals</strong>: best rank = 1 + the number of models whose interval lies entirely above; worst rank = the number of ranked models
          minus those entirely below.
        </p>
      </div>
    </Card>
  );
}

export function OtherMethods() {
  return (
    <Card id="methods" title="4. The other methods">
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li><strong>Bradley–Terry</strong>: every choice event is broken into winner–loser pairs and fitted like Plackett–Luce (same baseline and prior).</li>
        <li><strong>Elo</strong>: online updates over those pairs in a fixed order (K = {ELO_K}, start {ELO_INITIAL}), shown relative to the baseline; order-dependent and without an analytic interval, so offered for comparison only.</li>
        <li><strong>Mean score</strong>: every measurement mapped to [0, 1] (min–max per metric over the selection; pairwise as win share), averaged per model — the ONEBench paper&apos;s reference aggregate; absolute, not relative to the baseline.</li>
        <li><strong>Borda count</strong>: per group, the fraction of other models a model beats, averaged.</li>
        <li><strong>Win rate</strong>: AlpacaEval-style, the mean preference for the model over the baseline across their pairwise comparisons (baseline = 50%).</li>
      </ul>
    </Card>
  );
}
