/** Shared shapes and helpers of the hand-written demo content banks. */
import { Rng } from "../rng";

export type Difficulty = "easy" | "medium" | "hard";

/** One sample as a content bank writes it; the generator adds id, benchmark and task. */
export interface SampleDraft {
  input: string;
  reference?: string;
  /** Full capability tags: [domain, subtopic, ...finer]. */
  tags: string[];
  difficulty?: Difficulty;
  /** Extra metadata merged into the sample's `metadata`. */
  meta?: Record<string, string | number | boolean>;
}

/** A multiple-choice item: question, correct answer, distractors. */
export interface McItem {
  q: string;
  a: string;
  d: string[];
  diff?: Difficulty;
  /** Finer tag appended after [domain, subtopic]. */
  tag?: string;
}

const LETTERS = "ABCDEFGHIJ";

/** Formats a multiple-choice question with seeded option order; reference is the letter. */
export function formatMc(item: McItem, key: string): { input: string; reference: string } {
  const rng = new Rng(`mc|${key}|${item.q}`);
  const options = rng.shuffle([item.a, ...item.d]);
  const lines = options.map((o, i) => `(${LETTERS[i]}) ${o}`);
  return {
    input: `${item.q}\n${lines.join("\n")}`,
    reference: LETTERS[options.indexOf(item.a)],
  };
}

/** Multiple-choice items to drafts with tags [domain, subtopic, item.tag ?? finer...]. */
export function mcDrafts(items: McItem[], tags: string[], key: string): SampleDraft[] {
  return items.map((item) => {
    const { input, reference } = formatMc(item, key);
    return {
      input,
      reference,
      tags: item.tag ? [...tags, item.tag] : tags,
      difficulty: item.diff,
    };
  });
}

/** Formats a number for question text: at most `digits` decimals, no trailing zeros. */
export function num(x: number, digits = 2): string {
  const f = 10 ** digits;
  return String(Math.round(x * f) / f);
}

/** Distinct numeric distractors around a correct value (as strings). */
export function numericOptions(correct: string, candidates: string[]): string[] {
  const out: string[] = [];
  for (const c of candidates) if (c !== correct && !out.includes(c)) out.push(c);
  return out.slice(0, 3);
}
