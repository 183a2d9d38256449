// Every threshold of the health check in one place, each with the measurement behind it
// (npm run bench:health plants faults in copies of ../shared/data and reports detection and
// false alarms; README "Benchmark health" explains each flag).

/** τ's upper 95% bound below this: the benchmark disagrees with the pool beyond its sampling noise. */
export const AGREEMENT_MIN = 0.2;
/** Share of models at the floor (mean goodness ≤ 0.1) that flags the DROP signature; MMLU-Pro: 0 of 31. */
export const FLOOR_SHARE = 0.75;
/** Share of models at the ceiling that flags a saturated benchmark (no information, not broken). */
export const CEILING_SHARE = 0.75;
/** Share of all-tie samples that turns the degeneracy note into a warning; MMLU-Pro: 6.3%. */
export const DEGENERATE_WARNING = 0.5;
/**
 * Expected share of false discoveries among a benchmark's samples flagged as wrong keys, by the
 * posterior of ./key-posterior.ts. Its fitted model is optimistic on real data from scores alone:
 * on MMLU-Pro with 7% planted keys (every wrong model picking the key), 0.25 flags with a measured
 * precision of 0.55 at recall 0.81 (0.2: 0.60 at 0.78; 0.3: 0.51 at 0.83); with simulated outputs
 * 0.75 at 0.97 (bench:health; README "Benchmark health").
 */
export const FALSE_DISCOVERY = 0.25;
/**
 * The same where a benchmark stores outputs (a wrong answer on at least half of its samples): there the fitted
 * posterior is about calibrated — measured precision 0.71–0.73 at a nominal 0.75, 0.52 at 0.55 —
 * so the set may reach further. bench:health, 7% planted keys on MMLU-Pro with simulated outputs:
 * 0.25 → recall 0.66 / precision 0.71 for uniformly random wrong keys, 0.35 → 0.73 / 0.61,
 * 0.45 → 0.80 / 0.52; clean copy 21, 62, 86 samples flagged (of 12,032).
 */
export const FALSE_DISCOVERY_OUTPUTS = 0.45;
/**
 * Share of a benchmark's samples flagged as wrong keys that flags the benchmark: clean MMLU-Pro's
 * 14 categories have 2.2–5.6% (hard questions that weak models guess right).
 */
export const WRONG_KEY_SHARE = 0.06;
/** Scored-wrong share among normalised matches: any ≥ 3 is a warning, this share critical. */
export const MISMATCH_MIN = 3;
export const MISMATCH_CRITICAL = 0.5;
/** A model measured on less than this share of a benchmark counts as partially covering it. */
export const PARTIAL_COVERAGE = 0.5;
