/**
 * Answers scored wrong although they match the reference after normalisation — the DROP bug
 * (Open LLM Leaderboard, "DROP: a deep dive", Dec 2023). normaliseAnswer applies, in order:
 * Unicode NFKC; lower case; whitespace runs → one space, trimmed; surrounding quotes and
 * trailing punctuation (. , ; : ! ?) removed; thousands separators in numbers removed
 * (1,000 → 1000); a number written canonically (10.0 → 10, +3 → 3, 0.50 → 0.5).
 * A measurement is "scored wrong" when its value is not its metric's best value within the
 * benchmark (goodness < 1, ./outcomes.ts).
 */
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/;
const GROUPED = /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/;

export function normaliseAnswer(text: string): string {
  let s = text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  s = s.replace(/^["'`“‘(]+|["'`”’)]+$/g, "").trim();
  s = s.replace(/[.,;:!?]+$/, "").trim();
  if (GROUPED.test(s)) s = s.replace(/,/g, "");
  if (NUMBER.test(s)) s = String(Number(s));
  return s;
}

export interface ScoredAnswer {
  sample: number;
  model: string;
  output: string;
  reference: string;
  /** ./outcomes.ts goodness of the measurement's value */
  goodness: number;
}

export interface AnswerMismatches {
  /** measurements whose output matches the reference after normalisation */
  matching: number;
  /** of those, scored below the metric's best value */
  scoredWrong: number;
  examples: ScoredAnswer[];
}

export const MAX_EXAMPLES = 5;

export function answerMismatches(answers: Iterable<ScoredAnswer>): AnswerMismatches {
  let matching = 0;
  let scoredWrong = 0;
  const examples: ScoredAnswer[] = [];
  for (const a of answers) {
    if (a.reference.trim() === "" || normaliseAnswer(a.output) !== normaliseAnswer(a.reference)) continue;
    matching++;
    if (a.goodness < 1 - 1e-9) {
      scoredWrong++;
      if (examples.length < MAX_EXAMPLES) examples.push(a);
    }
  }
  return { matching, scoredWrong, examples };
}
