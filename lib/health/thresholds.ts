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
 * precision of 0.56–0.58 at recall 0.77–0.82 (seeds 7–10; 0.2: 0.61–0.63 at 0.74–0.79; 0.15:
 * 0.66–0.68 at 0.72–0.77) (bench:health; README "Benchmark health"). Clean MMLU-Pro: 112 flagged.
 */
export const FALSE_DISCOVERY = 0.25;
/**
 * Where a benchmark stores outputs (a wrong answer on at least half of its samples), the flagged
 * wrong keys are the EXPECTED_KEYS_FACTOR × (expected number of wrong keys, Σ posterior) most
 * probable, each with a posterior of at least POSTERIOR_FLOOR. bench:health, 7% planted keys on
 * MMLU-Pro with simulated outputs, recall / precision over seeds 7–10 (load 5–8):
 *   factor 1.5: uniform wrong keys 0.78–0.80 / 0.55–0.57, p = 0.3 0.80–0.85 / 0.55–0.59, p = 1 0.98–0.99 / 0.63;
 *   factor 1.6: 0.80–0.82 / 0.52–0.55, 0.83–0.86 / 0.54–0.56, 0.98–0.99 / 0.63;
 *   factor 1.7: 0.81–0.83 / 0.50–0.53, 0.85–0.87 / 0.52–0.54, 0.98–0.99 / 0.63;
 * clean copy: 44, 47, 49 samples flagged (of 12,032). The floor keeps a benchmark whose wrong keys
 * stand out (p = 1: posterior ≈ 1) from flagging its 0.1-posterior tail (precision 0.59 → 0.63).
 * The set's mean posterior (the false-discovery rule of scores alone) was no good here: 0.45 gave
 * 0.78–0.81 / 0.55–0.58 on uniform keys but 1.00 / 0.51–0.53 at p = 1, and 0.5 precision < 0.5 at p = 1.
 */
export const EXPECTED_KEYS_FACTOR = 1.6;
export const POSTERIOR_FLOOR = 0.1;
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
