// How the portal writes plain numbers: one rule per kind of number, so a quantity reads the same on
// every page, table and tooltip. Pure and free of server imports: server and client components both
// use it. Exports (CSV/JSON) never go through here: they keep full precision.
//
//   kind                         rule                                              example
//   percentage (probability,     one decimal, whatever the value                   "73.4%", "0.2%"
//     win rate), from 0–1
//   count                        whole, thousands separated                        "1,234"
//   measured value, weight, p_a  integers in full, else 4 significant digits       "0.8333", "23.46"
//   similarity (cosine)          two decimals                                      "0.83"
//   rank range                   one rank, or an en-dash range                     "3", "3–5"
//   file size                    KB/MB (1024-based) with one decimal, bytes whole  "12.3 KB"
//
// Every missing or non-finite number is written "—"; every negative number with the minus sign
// "−" (U+2212), which lines up with "+" in tabular figures.

export const MISSING = "—";

type Maybe = number | null | undefined;

function isNumber(v: Maybe): v is number {
  return v !== null && v !== undefined && Number.isFinite(v);
}

/** "−1.5" instead of "-1.5". */
export function withMinus(s: string): string {
  return s.replace("-", "−");
}

/** A fraction 0–1 as a percentage with one decimal: 0.734 → "73.4%". */
export function formatPercent(p: Maybe): string {
  if (!isNumber(p)) return MISSING;
  const s = (p * 100).toFixed(1);
  return `${Number(s) === 0 ? "0.0" : withMinus(s)}%`;
}

export function formatCount(n: Maybe): string {
  return isNumber(n) ? withMinus(n.toLocaleString("en-US")) : MISSING;
}

/** "1 sample", "1,234 samples". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${formatCount(n)} ${n === 1 ? word : many}`;
}

/** A value as measured or stored (score, unit-test grade, weight, p_a): shortened only when it has many digits. */
export function formatValue(v: Maybe): string {
  if (!isNumber(v)) return MISSING;
  return withMinus(Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(4))));
}

/** A cosine similarity: "0.83". */
export function formatSimilarity(v: Maybe): string {
  return isNumber(v) ? withMinus(v.toFixed(2)) : MISSING;
}

/** The similarities of retrieved samples, lowest to highest: "0.41–0.78". */
export function formatSimilarityRange(range: [number, number]): string {
  return `${formatSimilarity(range[0])}–${formatSimilarity(range[1])}`;
}

/** Plausible ranks: "3" when the range is one rank, else "3–5". */
export function formatRankRange([best, worst]: [number, number]): string {
  return best === worst ? String(best) : `${best}–${worst}`;
}

/** A file size: "512 B", "12.3 KB", "4.0 MB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
