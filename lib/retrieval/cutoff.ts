// The adaptive cut-off: which of a query's candidates stand clearly above the pool's background.
// Most samples of a pool are unrelated to any one query, so the bulk of the query's similarities
// is its null distribution. It is estimated robustly from the candidates themselves (median and
// MAD, which a relevant minority below half the pool barely moves) and a candidate is kept when
//   z_i = (s_i − median) / (1.4826 · MAD) ≥ Z
// (Hampel 1974, "The influence curve and its role in robust estimation", JASA 69; 1.4826·MAD
// estimates σ of a normal bulk). Z is chosen on npm run bench:retrieval (MMLU-Pro, 14 categories).

/**
 * Robust z above which a similarity counts as relevant. npm run bench:retrieval, tagged MMLU-Pro,
 * 13 categories (load average ~25): z = 3 keeps precision 0.77, z = 6 0.89, z = 10 0.93, recall
 * 1.00 throughout (tag matches are kept whatever the similarity); the background σ of a query is
 * 0.003–0.012 there, so z = 10 still cuts at cosine 0.03–0.12.
 */
export const ADAPTIVE_Z = 10;
/**
 * The z when no sample carries the concept as a tag or task: the dense similarities are then the
 * only evidence. Stripped MMLU-Pro (question text only, 13 categories): z = 10 keeps 2% recall
 * (tau 0.65), z = 3 keeps 16% (tau 0.85); the offline embedder barely separates a one-word subject
 * from question text there, so neither reaches the targets.
 */
export const ADAPTIVE_Z_UNLABELLED = 3;
/** Never fewer than this many candidates to compute a background from. */
const MIN_BACKGROUND = 20;

export interface Background {
  median: number;
  /** 1.4826 · MAD; a floor keeps identical similarities from dividing by zero. */
  sigma: number;
}

/** Median and scaled MAD of the finite values of `values`. */
export function background(values: ArrayLike<number>): Background | null {
  const finite: number[] = [];
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) finite.push(values[i]);
  if (finite.length < MIN_BACKGROUND) return null;
  const median = medianOf(finite);
  const mad = medianOf(finite.map((v) => Math.abs(v - median)));
  return { median, sigma: Math.max(1.4826 * mad, 1e-6) };
}

function medianOf(v: number[]): number {
  const s = Float64Array.from(v).sort();
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The similarity a candidate needs under the adaptive cut: median + Z·σ. */
export function adaptiveThreshold(bg: Background, z = ADAPTIVE_Z): number {
  return bg.median + z * bg.sigma;
}
