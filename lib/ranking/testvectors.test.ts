import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { choicesFromLists } from './choice-lists';
import { fitPlackettLuce } from './plackett-luce';

interface Vector {
  items: string[];
  choices: { winner: string; losers: string[] }[];
  expected: { mle_centered: Record<string, number>; map_virtual_games_1: Record<string, number> };
}

const dir = new URL('../../../shared/testvectors/', import.meta.url);
const files = ['pl-top1-tiny.json', 'pl-top1-mmlu-pro-400.json'];
const present = existsSync(fileURLToPath(dir));
if (!present) console.warn(`skipping the Plackett-Luce test vectors: ${fileURLToPath(dir)} not found`);

function load(file: string) {
  const v = JSON.parse(readFileSync(fileURLToPath(new URL(file, dir)), 'utf8')) as Vector;
  const id = new Map(v.items.map((name, i) => [name, i]));
  const choices = choicesFromLists(
    v.items.length,
    v.choices.map((c) => ({ winner: id.get(c.winner)!, losers: c.losers.map((l) => id.get(l)!) })),
  );
  return { v, choices };
}

describe.skipIf(!present)('Plackett-Luce against ../shared/testvectors (absent: skipped)', () => {
  for (const file of files) {
    it(`${file}: MLE agrees within 1e-6 after mean-centering`, () => {
      const { v, choices } = load(file);
      const fit = fitPlackettLuce(choices, { baseline: 0, prior: 0 });
      expect(fit.converged).toBe(true);
      const mean = fit.theta.reduce((s, x) => s + x, 0) / v.items.length;
      v.items.forEach((name, i) => {
        expect(Math.abs(fit.theta[i] - mean - v.expected.mle_centered[name])).toBeLessThan(1e-6);
      });
    });

    it(`${file}: MAP with one virtual win and loss agrees within 1e-6, unshifted`, () => {
      const { v, choices } = load(file);
      const fit = fitPlackettLuce(choices, { baseline: 0, prior: 1 });
      expect(fit.converged).toBe(true);
      v.items.forEach((name, i) => {
        expect(Math.abs(fit.theta[i] - v.expected.map_virtual_games_1[name])).toBeLessThan(1e-6);
      });
    });
  }
});
