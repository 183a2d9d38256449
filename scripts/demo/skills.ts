/**
 * The fictional models of the demo data set and their latent skills.
 *
 * SKILL[model][domain] is a latent ability on a logit scale (0 ≈ an average model, +2.5 ≈ a
 * strong specialist, −1.2 ≈ a tiny model). A sample has a difficulty b (easy ≈ −1.2, medium ≈ 0,
 * hard ≈ +1.5, plus seeded jitter); every measurement is drawn from z = skill − b with seeded noise
 * (see build.ts). The domain is a sample's first tag, the subtopic its second.
 *
 * Intended leaders (argmax of the matrix below; the generator re-fits Plackett–Luce on the drawn
 * data and refuses to write a file where they are not recovered):
 *   overall                       atlas-70b-instruct   (general big model, strong everywhere)
 *   biology (all subtopics)       helix-bio-34b        (bio specialist; strongest on antibodies)
 *   medicine / pharmacology       helix-bio-34b
 *   law (all subtopics)           sage-law-13b         (law specialist, mediocre elsewhere)
 *   economics (macro and micro)   ledger-econ-20b
 *   programming (python, sql, algorithms)  orca-coder-33b  (coder: leads code, weak at law)
 *   geography                     atlas-70b-instruct
 *   mathematics                   euler-math-14b
 *   chemistry                     curie-chem-13b
 *   chat (arena, instructions)    atlas-70b-instruct
 *   writing (creative, business)  quill-chat-7b        (a small model that leads writing)
 *   translation                   polyglot-mt-12b
 *   baseline-small-1b trails in every domain.
 */

export const DOMAINS = [
  "biology",
  "law",
  "economics",
  "programming",
  "geography",
  "mathematics",
  "chemistry",
  "medicine",
  "chat",
  "writing",
  "translation",
] as const;
export type Domain = (typeof DOMAINS)[number];

/** The recommended baseline of the portal (fixed at score 0); the AlpacaEval-style reference. */
export const BASELINE_MODEL = "reference-4o-mini";

// prettier-ignore
/** Latent skill per model and domain, columns in DOMAINS order. */
const MATRIX: [model: string, skills: number[]][] = [
  //                      bio   law  econ  prog   geo  math  chem   med  chat  writ  trans
  ["atlas-70b-instruct", [ 1.6,  1.3,  1.5,  1.4,  2.6,  1.4,  1.4,  1.5,  2.2,  1.5,  1.5]],
  ["vega-moe-47b",       [ 1.3,  1.1,  1.2,  1.2,  1.3,  1.2,  1.2,  1.2,  1.3,  1.1,  1.2]],
  ["reference-4o-mini",  [ 1.0,  0.9,  1.0,  1.0,  1.1,  1.0,  1.0,  1.0,  1.1,  1.0,  1.0]],
  ["nimbus-34b-chat",    [ 0.7,  0.6,  0.7,  0.5,  0.8,  0.5,  0.6,  0.7,  1.2,  1.0,  0.7]],
  ["atlas-8b-instruct",  [ 0.4,  0.3,  0.4,  0.4,  0.6,  0.3,  0.3,  0.4,  0.7,  0.6,  0.4]],
  ["nimbus-8b",          [ 0.2,  0.1,  0.3,  0.2,  0.4,  0.1,  0.2,  0.2,  0.6,  0.5,  0.3]],
  ["orca-coder-33b",     [ 0.5,  0.0,  0.6,  2.9,  0.4,  1.3,  0.7,  0.3,  0.5,  0.2,  0.2]],
  ["orca-coder-7b",      [ 0.0, -0.4,  0.0,  1.5,  0.0,  0.5,  0.2, -0.1,  0.0, -0.3, -0.2]],
  ["sage-law-13b",       [ 0.1,  2.8,  0.6, -0.3,  0.3, -0.1,  0.0,  0.3,  0.4,  0.7,  0.2]],
  ["helix-bio-34b",      [ 2.9,  0.2,  0.3,  0.2,  0.5,  0.4,  1.2,  2.8,  0.4,  0.3,  0.1]],
  ["ledger-econ-20b",    [ 0.2,  0.8,  2.8,  0.5,  0.7,  1.0,  0.1,  0.1,  0.4,  0.6,  0.1]],
  ["euler-math-14b",     [ 0.2, -0.2,  0.8,  1.2,  0.1,  2.9,  1.0,  0.0,  0.0, -0.2, -0.3]],
  ["curie-chem-13b",     [ 1.0, -0.1,  0.1,  0.4,  0.2,  1.1,  2.9,  1.1,  0.1,  0.0,  0.0]],
  ["quill-chat-7b",      [-0.2,  0.0,  0.0, -0.4,  0.2, -0.5, -0.3, -0.2,  1.5,  2.8,  0.6]],
  ["polyglot-mt-12b",    [ 0.0,  0.0,  0.0,  0.0,  0.7, -0.2,  0.0,  0.0,  0.6,  0.9,  2.8]],
  ["baseline-small-1b",  [-1.2, -1.2, -1.2, -1.2, -1.0, -1.4, -1.2, -1.2, -1.0, -1.0, -1.0]],
];

/** Subtopic adjustments added to the domain skill ("domain/subtopic" → model → delta). */
export const SUBTOPIC_DELTAS: Record<string, Record<string, number>> = {
  "biology/immunology": { "helix-bio-34b": 0.3 },
  "programming/python": { "orca-coder-33b": 0.2 },
  "programming/sql": { "orca-coder-33b": -0.2, "atlas-70b-instruct": 0.2 },
  "programming/algorithms": { "euler-math-14b": 0.4 },
  "economics/macroeconomics": { "ledger-econ-20b": 0.2 },
  "law/constitutional law": { "sage-law-13b": 0.2 },
  "mathematics/probability": { "euler-math-14b": 0.2 },
  "writing/creative writing": { "quill-chat-7b": 0.3 },
  "chat/instruction following": { "nimbus-34b-chat": 0.2 },
};

export const MODELS: string[] = MATRIX.map(([m]) => m);

const SKILL = new Map<string, number[]>(MATRIX.map(([m, s]) => [m, s]));

export function domainSkill(model: string, domain: string): number {
  const row = SKILL.get(model);
  const col = DOMAINS.indexOf(domain as Domain);
  if (!row || col < 0) throw new Error(`no skill for ${model} in ${domain}`);
  return row[col];
}

/** Skill of a model on a sample with tags [domain, subtopic, ...]. */
export function skill(model: string, domain: string, subtopic: string): number {
  return domainSkill(model, domain) + (SUBTOPIC_DELTAS[`${domain}/${subtopic}`]?.[model] ?? 0);
}

function argmax(score: (m: string) => number, models: readonly string[] = MODELS): string {
  let best = models[0];
  for (const m of models) if (score(m) > score(best)) best = m;
  return best;
}

/** The matrix as rows for documentation. */
export function skillRows(): [string, number[]][] {
  return MATRIX.map(([m, s]) => [m, s.slice()]);
}

/** Intended leaders: overall (mean over domains), per domain, per "domain/subtopic". */
export function intendedLeaders(subtopics: string[]): {
  overall: string;
  byDomain: Record<string, string>;
  bySubtopic: Record<string, string>;
} {
  const mean = (m: string) => DOMAINS.reduce((acc, d) => acc + domainSkill(m, d), 0) / DOMAINS.length;
  const byDomain: Record<string, string> = {};
  for (const d of DOMAINS) byDomain[d] = argmax((m) => domainSkill(m, d));
  const bySubtopic: Record<string, string> = {};
  for (const key of subtopics) {
    const [d, s] = key.split("/");
    bySubtopic[key] = argmax((m) => skill(m, d, s));
  }
  return { overall: argmax(mean), byDomain, bySubtopic };
}
