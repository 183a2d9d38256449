/**
 * Checks on the demo data: the comparison graph is connected and a Plackett–Luce fit of the drawn
 * data recovers the intended leaders. Choice events follow the spec ("From measurements to
 * sample-level rankings"): per (sample, metric | criterion | ranking) group, models are put into
 * tiers and each model beats the set of all models in strictly lower tiers; a pairwise line is
 * (a beats b, weight p_a) plus (b beats a, weight 1 − p_a), a tie without p_a is 1/2 each.
 */
import { DemoLine, SampleLine } from "./format";

export interface ChoiceEvent {
  winner: string;
  losers: string[];
  weight: number;
}

/** Groups of (model → value, higher is better) per sample and metric/criterion/ranking. */
function groupsOf(lines: DemoLine[], keep: (s: SampleLine) => boolean): { tiers: string[][] }[] {
  const samples = new Map<string, SampleLine>();
  const groups = new Map<string, { vals: Map<string, number>; hib: boolean }>();
  const out: { tiers: string[][] }[] = [];
  const add = (key: string, model: string, value: number, hib: boolean) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { vals: new Map(), hib }));
    g.vals.set(model, value);
  };
  for (const l of lines) {
    if (l.type === "sample") samples.set(l.id, l);
    else if (!keep(samples.get(l.sample)!)) continue;
    else if (l.type === "score") add(`${l.sample}\u0000s\u0000${l.metric}`, l.model, l.value, l.higher_is_better ?? true);
    else if (l.type === "unit_test") add(`${l.sample}\u0000u\u0000${l.criterion}`, l.model, l.value, true);
    else if (l.type === "ranking") out.push({ tiers: l.ranking });
  }
  for (const { vals, hib } of groups.values()) {
    const distinct = [...new Set(vals.values())].sort((a, b) => (hib ? b - a : a - b));
    out.push({ tiers: distinct.map((v) => [...vals].filter(([, x]) => x === v).map(([m]) => m)) });
  }
  return out;
}

/** All weighted top-1 choice events of the samples selected by `keep`. */
export function choiceEvents(lines: DemoLine[], keep: (s: SampleLine) => boolean = () => true): ChoiceEvent[] {
  const events: ChoiceEvent[] = [];
  for (const { tiers } of groupsOf(lines, keep)) {
    for (let t = 0; t < tiers.length - 1; t++) {
      const losers = tiers.slice(t + 1).flat();
      for (const winner of tiers[t]) events.push({ winner, losers, weight: 1 });
    }
  }
  const samples = new Map<string, SampleLine>();
  for (const l of lines) {
    if (l.type === "sample") samples.set(l.id, l);
    else if (l.type === "pairwise" && keep(samples.get(l.sample)!)) {
      const pa = l.p_a ?? (l.winner === "a" ? 1 : l.winner === "b" ? 0 : 0.5);
      if (pa > 0) events.push({ winner: l.model_a, losers: [l.model_b], weight: pa });
      if (pa < 1) events.push({ winner: l.model_b, losers: [l.model_a], weight: 1 - pa });
    }
  }
  return events;
}

/**
 * Plackett–Luce maximum a posteriori scores by Hunter's MM algorithm, with a weak prior (each
 * model wins and loses `prior` against a virtual anchor of strength 1). Scores are log-strengths
 * with `baseline` fixed at 0.
 */
export function fitPlackettLuce(events: ChoiceEvent[], baseline: string, prior = 0.5, iters = 400): Map<string, number> {
  const models = [...new Set(events.flatMap((e) => [e.winner, ...e.losers]))].sort();
  const idx = new Map(models.map((m, i) => [m, i]));
  const sets = events.map((e) => [idx.get(e.winner)!, ...e.losers.map((m) => idx.get(m)!)]);
  const wins = new Float64Array(models.length).fill(prior);
  events.forEach((e, k) => (wins[sets[k][0]] += e.weight));
  let gamma = new Float64Array(models.length).fill(1);
  for (let it = 0; it < iters; it++) {
    const denom = new Float64Array(models.length);
    for (let i = 0; i < models.length; i++) denom[i] = (2 * prior) / (gamma[i] + 1);
    events.forEach((e, k) => {
      const set = sets[k];
      let sum = 0;
      for (const i of set) sum += gamma[i];
      const c = e.weight / sum;
      for (const i of set) denom[i] += c;
    });
    const next = new Float64Array(models.length);
    for (let i = 0; i < models.length; i++) next[i] = wins[i] / denom[i];
    gamma = next;
  }
  const base = idx.has(baseline) ? Math.log(gamma[idx.get(baseline)!]) : 0;
  return new Map(models.map((m, i) => [m, Math.log(gamma[i]) - base]));
}

export function leaderOf(scores: Map<string, number>): string {
  let best = "";
  let bestScore = -Infinity;
  for (const [m, s] of scores) if (s > bestScore) [best, bestScore] = [m, s];
  return best;
}

/** Number of connected components of the comparison graph (models linked by a shared group). */
export function componentCount(lines: DemoLine[]): { models: number; components: number } {
  const parent = new Map<string, string>();
  const find = (m: string): string => {
    if (!parent.has(m)) parent.set(m, m);
    let r = m;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(m, r);
    return r;
  };
  const union = (a: string, b: string) => parent.set(find(a), find(b));
  for (const e of choiceEvents(lines)) for (const l of e.losers) union(e.winner, l);
  const roots = new Set([...parent.keys()].map(find));
  return { models: parent.size, components: roots.size };
}

/** Plackett–Luce leaders recovered from the data: overall, per domain, per "domain/subtopic". */
export function recoveredLeaders(lines: DemoLine[], baseline: string) {
  const samples = lines.filter((l): l is SampleLine => l.type === "sample");
  const domains = [...new Set(samples.map((s) => s.tags![0]))];
  const subtopics = [...new Set(samples.map((s) => `${s.tags![0]}/${s.tags![1]}`))];
  const lead = (keep: (s: SampleLine) => boolean) => leaderOf(fitPlackettLuce(choiceEvents(lines, keep), baseline));
  const byDomain: Record<string, string> = {};
  for (const d of domains) byDomain[d] = lead((s) => s.tags![0] === d);
  const bySubtopic: Record<string, string> = {};
  for (const k of subtopics) bySubtopic[k] = lead((s) => `${s.tags![0]}/${s.tags![1]}` === k);
  return { overall: lead(() => true), byDomain, bySubtopic };
}
