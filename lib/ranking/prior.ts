/**
 * DEFAULT_PRIOR = 0.1: every model plays 0.1 virtual wins and 0.1 virtual losses against a
 * reference player fixed at θ = 0 (the MAP of ./plackett-luce.ts; prior = 1 is the test
 * vectors' map_virtual_games_1).
 *
 * Why 0.1, measured with this code (shift = max |MAP − MLE| over models, relative to the
 * baseline Meta-Llama-3-70B, in units of that model's analytic standard error):
 *
 *   data                          prior 0.1        prior 1
 *   MMLU-Pro, all 12,032 items    0.002 SE         0.022 SE
 *   MMLU-Pro, 1,000 random items  0.008 SE         0.078 SE
 *   MMLU-Pro, 200 random items    0.020 SE         0.196 SE
 *   MMLU-Pro, 20 random items     0.066 SE         0.560 SE
 *   arena-bench-v1 (15 models)    0.017 SE         0.170 SE
 *   llmfao-crowd (59 models)      0.009 SE         0.087 SE
 *
 * so 0.1 never moves a connected model by more than a small fraction of its own CI, while
 * prior 1 moves small selections by half a standard error. Yet 0.1 is enough to keep every
 * model finite: an undefeated model with k wins against an equal opponent solves
 * k(1 − σ) = 0.1(2σ − 1), i.e. θ = log((k + 0.1)/0.1) (3 wins: 3.4, SE ≈ 3.2), a large but
 * finite score whose wide interval (and `never_lost` warning) says how little is known. The
 * reference's location is arbitrary (PL is shift-invariant), which is one more reason to keep
 * its pull small wherever there are data.
 */
export const DEFAULT_PRIOR = 0.1;
