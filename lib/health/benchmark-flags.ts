// A benchmark's flags from its statistics, each threshold from ./thresholds.ts.
import type { Agreement } from "./agreement";
import type { ModelCoverage } from "./coverage";
import { NEAR } from "./floor-ceiling";
import { AGREEMENT_MIN, CEILING_SHARE, DEGENERATE_WARNING, FLOOR_SHARE, MISMATCH_CRITICAL, MISMATCH_MIN, PARTIAL_COVERAGE, WRONG_KEY_SHARE } from "./thresholds";
import { sortFlags, type BenchmarkStats, type HealthFlag } from "./types";

export interface FlagInput {
  nSamples: number;
  agreement: Agreement | null;
  /** declared direction of the benchmark's score rows: share declared lower-is-better, null without scores */
  lowerIsBetterShare: number | null;
  stats: BenchmarkStats;
  coverage: ModelCoverage[];
}

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
const fmt = (x: number) => x.toFixed(2).replace(/^-/, "−");

function agreementFlag(a: Agreement, lowerShare: number | null): HealthFlag | null {
  const said = `τ = ${fmt(a.tau)} [${fmt(a.ci[0])}, ${fmt(a.ci[1])}] against the rest of the pool over ${a.nShared} shared models`;
  if (a.ci[1] < 0) {
    const declared = lowerShare === null ? null : lowerShare > 0.5 ? "lower" : "higher";
    const message = declared
      ? `Metric declared ${declared}-is-better behaves as ${declared === "lower" ? "higher" : "lower"}-is-better: ${said}.`
      : `Ranks models in reverse of the pool: ${said}.`;
    return { code: "direction_reversed", severity: "critical", message };
  }
  if (a.ci[1] < AGREEMENT_MIN) {
    return { code: "low_agreement", severity: "warning", message: `Disagrees with the pool beyond its sampling noise: ${said} (upper bound below ${AGREEMENT_MIN}).` };
  }
  return null;
}

export function benchmarkFlags(f: FlagInput): HealthFlag[] {
  const out: HealthFlag[] = [];
  const s = f.stats;
  const a = f.agreement && agreementFlag(f.agreement, f.lowerIsBetterShare);
  if (a) out.push(a);
  if (s.outcomeModels > 0 && s.atFloor >= FLOOR_SHARE * s.outcomeModels) {
    out.push({ code: "floor", severity: "warning", message: `${s.atFloor} of ${s.outcomeModels} models score within ${NEAR * 100}% of the metric's worst value: the DROP signature of a broken scorer or answer normaliser.` });
  }
  if (s.outcomeModels > 0 && s.atCeiling >= CEILING_SHARE * s.outcomeModels) {
    out.push({ code: "ceiling", severity: "info", message: `${s.atCeiling} of ${s.outcomeModels} models score within ${NEAR * 100}% of the metric's best value: saturated, it separates models little.` });
  }
  if (s.degenerate > 0) {
    const share = s.degenerate / s.outcomeSamples;
    out.push({
      code: "degenerate_samples",
      severity: share >= DEGENERATE_WARNING ? "warning" : "info",
      message: `${s.degenerate} of ${s.outcomeSamples} samples (${pct(share)}) have every model tied: they carry no information.`,
    });
  }
  if (s.negativeDiscrimination > 0) {
    const share = s.negativeDiscrimination / f.nSamples;
    out.push({
      code: "wrong_answer_keys",
      severity: share >= WRONG_KEY_SHARE ? "warning" : "info",
      message: `${s.negativeDiscrimination} ${s.negativeDiscrimination === 1 ? "sample" : "samples"} (${pct(share)}) where strong models fail and weak ones succeed: likely wrong reference answers.`,
    });
  }
  if (s.answers.scoredWrong >= MISMATCH_MIN) {
    const share = s.answers.scoredWrong / s.answers.matching;
    const e = s.answers.examples[0];
    out.push({
      code: "answer_normalisation",
      severity: share >= MISMATCH_CRITICAL ? "critical" : "warning",
      message: `${s.answers.scoredWrong} of ${s.answers.matching} answers that match the reference after normalisation were scored wrong (${pct(share)}), e.g. ${JSON.stringify(e.output.slice(0, 40))} for ${JSON.stringify(e.reference.slice(0, 40))} by ${e.model}.`,
    });
  }
  if (s.duplicated > 0) {
    out.push({ code: "duplicates", severity: "info", message: `${s.duplicated} ${s.duplicated === 1 ? "sample has" : "samples have"} the same input as another sample of the pool.` });
  }
  const partial = f.coverage.filter((c) => c.share < PARTIAL_COVERAGE);
  if (partial.length > 0) {
    out.push({ code: "partial_coverage", severity: "info", message: `${partial.length} of ${f.coverage.length} models are measured on less than ${PARTIAL_COVERAGE * 100}% of the samples (least: ${partial[0].model}, ${pct(partial[0].share)}).` });
  }
  return sortFlags(out);
}
