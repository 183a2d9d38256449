// One Plackett–Luce fit per subset of a batch's samples (a benchmark, a tag): where a model is
// strong and where it is weak (compare's per-benchmark bars, model pages' standings). Each subset
// is cut from the batch (`selectSubsets`, ./subset.ts: one pass for all of them) and ranked by
// `rank` (./leaderboard.ts) exactly as a leaderboard would be, with the baseline fixed at 0
// wherever it has data.
import { rank } from "./leaderboard";
import { samplesPerModel, type MeasurementBatch } from "./measurements";
import { selectSubsets } from "./subset";
import type { LeaderboardRow } from "./leaderboard-types";

export interface Subset {
  name: string;
  /** 1 for the batch's samples in the subset */
  mask: Uint8Array;
  nSamples: number;
}

export interface SubsetFit {
  name: string;
  nSamples: number;
  /** the model fixed at 0 in this fit */
  baseline: string;
  /** models with measurements in the subset, by rank */
  rows: LeaderboardRow[];
  /** the fitted raw θ by model: a later fit's warm start (./leaderboard-types.ts `warmStart`) */
  theta?: Map<string, number>;
}

export interface SubsetFitOptions {
  baseline?: string;
  prior: number;
  /** an earlier fit's θ to start the subset's fit from (same optimum, fewer passes) */
  warmStart?: (subset: Subset) => ReadonlyMap<string, number> | undefined;
}

function subsetsOf(nSamples: number, labelsOf: (s: number) => readonly string[]): Subset[] {
  const subsets = new Map<string, Subset>();
  // Neighbouring samples mostly carry the same labels (a pool is stored benchmark by benchmark):
  // the last label's subset is at hand without a lookup.
  let lastLabel: string | undefined;
  let last: Subset | undefined;
  for (let s = 0; s < nSamples; s++) {
    const labels = labelsOf(s);
    for (let i = 0; i < labels.length; i++) {
      const label = labels[i];
      // a label listed twice counts once
      if (!label || (i > 0 && labels.indexOf(label) < i)) continue;
      let subset = label === lastLabel ? last : subsets.get(label);
      if (!subset) subsets.set(label, (subset = { name: label, mask: new Uint8Array(nSamples), nSamples: 0 }));
      subset.mask[s] = 1;
      subset.nSamples++;
      lastLabel = label;
      last = subset;
    }
  }
  return [...subsets.values()];
}

/** One subset per benchmark, alphabetically. */
export function benchmarkSubsets(b: MeasurementBatch): Subset[] {
  const one: string[] = [""];
  const labelsOf = (s: number) => {
    one[0] = b.sampleBenchmarks?.[s] ?? "";
    return one;
  };
  return subsetsOf(b.nSamples, labelsOf).sort((x, y) => x.name.localeCompare(y.name));
}

/** The `limit` tags with most samples (at least `minSamples`), largest first. */
export function topTagSubsets(b: MeasurementBatch, limit: number, minSamples = 1): Subset[] {
  return subsetsOf(b.nSamples, (s) => b.sampleTags?.[s] ?? [])
    .filter((t) => t.nSamples >= minSamples)
    .sort((x, y) => y.nSamples - x.nSamples || x.name.localeCompare(y.name))
    .slice(0, limit);
}

export function fitSubsets(b: MeasurementBatch, subsets: Subset[], opts: SubsetFitOptions): SubsetFit[] {
  const out: SubsetFit[] = [];
  // The subsets are cut a pass at a time, each pass holding about one batch's worth of samples:
  // tags overlap, and cutting the 40 benchmarks and 40 tags of a 1M-sample pool at once held
  // several copies of its measurements until the last was fitted.
  for (let from = 0; from < subsets.length; ) {
    let to = from + 1;
    for (let held = subsets[from].nSamples; to < subsets.length && held + subsets[to].nSamples <= b.nSamples; to++) held += subsets[to].nSamples;
    const batches = selectSubsets(b, subsets.slice(from, to).map((s) => s.mask));
    for (let k = 0; k < batches.length; k++) {
      const subset = subsets[from + k];
      const sub = batches[k];
      batches[k] = undefined!; // each subset's batch is garbage once fitted
      const perModel = samplesPerModel(sub);
      const i = opts.baseline === undefined ? -1 : sub.modelNames.indexOf(opts.baseline);
      const result = rank("plackett-luce", sub, { baseline: i >= 0 && perModel[i] > 0 ? i : undefined, prior: opts.prior, warmStart: opts.warmStart?.(subset) });
      out.push({ name: subset.name, nSamples: result.nSamples, baseline: result.baseline, rows: result.models.filter((r) => r.nSamples > 0), theta: result.theta });
    }
    from = to;
  }
  return out;
}
