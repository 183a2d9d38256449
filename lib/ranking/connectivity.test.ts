import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { buildChoices } from './choices';
import { comparisonGraph, stronglyConnectedComponents } from './identifiability';
import { rank } from './leaderboard';

/** a, b, c beat each other in a cycle; d only wins; e only loses; f and g only meet each other. */
function disconnected() {
  const b = new MeasurementBatchBuilder();
  const games: [string, string][] = [
    ['a', 'b'], ['b', 'c'], ['c', 'a'], ['b', 'a'],
    ['d', 'a'], ['d', 'b'],
    ['c', 'e'], ['a', 'e'],
    ['f', 'g'], ['g', 'f'],
  ];
  games.forEach(([w, l], k) => b.addPairwise(`s${k}`, w, l, 'a'));
  b.addScore('s99', 'h', 'acc', 1); // measured, but never compared
  return b.build();
}

const row = (r: ReturnType<typeof rank>, m: string) => r.models.find((x) => x.model === m)!;
const codes = (r: ReturnType<typeof rank>, m?: string) => r.warnings.filter((w) => w.model === m).map((w) => w.code).sort();

describe('identifiability', () => {
  it('finds strongly connected components, strongest first', () => {
    const c = buildChoices(disconnected());
    const comps = stronglyConnectedComponents(comparisonGraph(c));
    const names = disconnected().modelNames;
    const byComp = new Map<number, string[]>();
    names.forEach((n, m) => byComp.set(comps.component[m], [...(byComp.get(comps.component[m]) ?? []), n]));
    const groups = [...byComp.values()].map((g) => g.sort().join(''));
    expect(groups.sort()).toEqual(['abc', 'd', 'e', 'fg', 'h']);
    // d beats the cycle, which beats e: topological order d < abc < e
    const at = (m: string) => comps.component[names.indexOf(m)];
    expect(at('d')).toBeLessThan(at('a'));
    expect(at('a')).toBeLessThan(at('e'));
  });

  it('handles a long chain without recursion limits', () => {
    const b = new MeasurementBatchBuilder();
    for (let k = 0; k < 20_000; k++) b.addPairwise(`s${k}`, `m${k}`, `m${k + 1}`, 'a');
    b.addPairwise('back', 'm20000', 'm0', 'a');
    const comps = stronglyConnectedComponents(comparisonGraph(buildChoices(b.build())));
    expect(comps.count).toBe(1);
  });

  it('MLE: models outside the baseline component get null scores and named warnings', () => {
    const r = rank('plackett-luce', disconnected(), { baseline: 'a', prior: 0 });
    for (const m of ['a', 'b', 'c']) expect(row(r, m).score).not.toBeNull();
    for (const m of ['d', 'e', 'f', 'g', 'h']) {
      expect(row(r, m).score).toBeNull();
      expect(row(r, m).ci).toBeNull();
      expect(row(r, m).rank).toBeNull();
    }
    expect(codes(r, 'd')).toEqual(['never_lost', 'not_connected']);
    expect(codes(r, 'e')).toEqual(['never_won', 'not_connected']);
    expect(codes(r, 'f')).toEqual(['not_connected']);
    expect(codes(r, 'h')).toEqual(['no_comparisons']);
    expect(r.warnings.find((w) => w.code === 'not_connected' && w.model === 'd')!.message).toMatch(/strongly connected/);
    // null scores sort last
    expect(r.models.slice(0, 3).map((x) => x.model).sort()).toEqual(['a', 'b', 'c']);
    expect(r.diagnostics.components.map((c) => c.slice().sort().join('')).sort()).toEqual(['abc', 'd', 'e', 'fg']);
  });

  it('MLE on the component ignores losses to lower components (their strength ratio → 0)', () => {
    const withE = rank('plackett-luce', disconnected(), { baseline: 'a', prior: 0 });
    const b = new MeasurementBatchBuilder();
    [['a', 'b'], ['b', 'c'], ['c', 'a'], ['b', 'a']].forEach(([w, l], k) => b.addPairwise(`s${k}`, w, l, 'a'));
    const cycleOnly = rank('plackett-luce', b.build(), { baseline: 'a', prior: 0 });
    for (const m of ['b', 'c']) expect(row(withE, m).score).toBeCloseTo(row(cycleOnly, m).score!, 9);
  });

  it('with a prior every compared model gets a finite score, and the diagnostics remain', () => {
    const r = rank('plackett-luce', disconnected(), { baseline: 'a', prior: 0.1 });
    for (const m of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) expect(Number.isFinite(row(r, m).score)).toBe(true);
    expect(row(r, 'h').score).toBeNull();
    expect(row(r, 'd').score!).toBeGreaterThan(row(r, 'a').score!);
    expect(row(r, 'e').score!).toBeLessThan(row(r, 'c').score!);
    expect(codes(r, 'd')).toEqual(['never_lost']);
    expect(codes(r, undefined)).toContain('graph_not_strongly_connected');
    // d and e are compared with the baseline's cycle one way only: scored from data and prior. f and
    // g meet only each other: never compared with a, so the warnings name them (api.md).
    expect(r.warnings.filter((w) => w.code === 'not_connected').map((w) => w.model).sort()).toEqual(['f', 'g']);
    expect(r.warnings.find((w) => w.model === 'f' && w.code === 'not_connected')!.message).toMatch(/never compared.*with the baseline a: .*prior alone/);
  });
});
