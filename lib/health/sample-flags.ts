// Suspicious samples with their evidence: negative discrimination (./discrimination.ts), exact and
// near duplicates across the pool (./duplicates.ts), empty or trivial inputs (./inputs.ts).
import type { Discrimination } from "./discrimination";
import { exactDuplicateGroups, nearDuplicatePairs, normaliseText } from "./duplicates";
import { inputProblem } from "./inputs";
import { Z_NEGATIVE } from "./thresholds";
import type { SampleFlag } from "./types";

export interface SampleTexts {
  ids: readonly string[];
  benchmarks: readonly string[];
  inputs: readonly string[];
  hasImage: Uint8Array;
}

const fmt = (x: number, d = 2) => x.toFixed(d).replace(/^-/, "−");

export function discriminationFlags(d: Discrimination): SampleFlag[] {
  const out: SampleFlag[] = [];
  for (let s = 0; s < d.z.length; s++) {
    if (!(d.z[s] <= Z_NEGATIVE)) continue;
    out.push({
      sample: s,
      code: "negative_discrimination",
      severity: "warning",
      message: `Strong models fail where weak ones succeed: correlation with model strength r = ${fmt(d.r[s])} over ${d.n[s]} models (z = ${fmt(d.z[s], 1)}). The reference answer may be wrong.`,
      suspicion: -d.z[s],
      excludable: true,
      evidence: { r: d.r[s], z: d.z[s], n_models: d.n[s] },
    });
  }
  return out;
}

function where(t: SampleTexts, i: number): string {
  return `"${t.ids[i]}" (${t.benchmarks[i]})`;
}

export function duplicateFlags(t: SampleTexts): SampleFlag[] {
  const normalised = t.inputs.map((x, i) => (t.hasImage[i] ? "" : normaliseText(x)));
  const out: SampleFlag[] = [];
  for (const group of exactDuplicateGroups(normalised)) {
    const crossBenchmark = new Set(group.map((i) => t.benchmarks[i])).size > 1;
    const sameAs = group.slice(0, 10).map((j) => t.ids[j]);
    group.forEach((i, k) => {
      const other = group[k === 0 ? 1 : 0];
      out.push({
        sample: i,
        code: "duplicate",
        severity: "warning",
        message: `Same input (after normalising case, spacing and punctuation) as ${where(t, other)}${group.length > 2 ? ` and ${group.length - 2} more` : ""}${crossBenchmark ? ", across benchmarks" : ""}.`,
        suspicion: 1 + group.length,
        excludable: k > 0,
        evidence: { copies: group.length, same_as: sameAs.filter((id) => id !== t.ids[i]), first: t.ids[group[0]] },
      });
    });
  }
  for (const p of nearDuplicatePairs(normalised)) {
    for (const [i, j] of [[p.a, p.b], [p.b, p.a]]) {
      out.push({
        sample: i,
        code: "near_duplicate",
        severity: "info",
        message: `Nearly the same input as ${where(t, j)}: ${Math.round(p.jaccard * 100)}% of their word 3-grams are shared.`,
        suspicion: p.jaccard,
        excludable: false,
        evidence: { similar_to: t.ids[j], jaccard: p.jaccard },
      });
    }
  }
  return out;
}

export function inputFlags(t: SampleTexts): SampleFlag[] {
  const out: SampleFlag[] = [];
  t.inputs.forEach((input, i) => {
    const problem = inputProblem(input, t.hasImage[i] === 1);
    if (!problem) return;
    out.push({
      sample: i,
      code: problem,
      severity: problem === "empty_input" ? "critical" : "warning",
      message: problem === "empty_input" ? "The input is empty: there is nothing to answer." : `The input is trivial (${JSON.stringify(input.trim().slice(0, 20))}): fewer than 3 visible characters or no letter or digit.`,
      suspicion: 10,
      excludable: true,
      evidence: { input_length: input.length },
    });
  });
  return out;
}
