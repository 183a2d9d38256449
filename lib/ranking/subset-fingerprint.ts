/**
 * A fingerprint of each subset's measurements (./subset-fits.ts), by content rather than by
 * position: two batches whose subset holds the same lines (same sample ids, model names, keys,
 * values) get the same fingerprint even when other samples or models shifted the dense indices.
 *
 *   h(line)   = mix(kind, H(sample id), H(model name)…, H(key), bits(value), …)   (32-bit, twice, with two seeds)
 *   F(subset) = ( Σ h₁(line) mod 2³², Σ h₂(line) mod 2³², number of lines )   over the subset's lines
 *
 * A sum is a multiset hash: it does not depend on the order of lines, and a fit (Plackett–Luce
 * over the subset's choice events) depends only on the lines, up to floating-point summation
 * order. H is FNV-1a over UTF-16 code units; mix is murmur3's finaliser (Appleby, MurmurHash3).
 * Two 32-bit sums make an accidental equality of different contents about 2⁻⁶⁴ likely.
 */
import type { MeasurementBatch } from './measurements';
import type { Subset } from './subset-fits';

function fnv1a(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** murmur3 fmix32 of h combined with x */
function mix(h: number, x: number): number {
  h = Math.imul(h ^ x, 0xcc9e2d51);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

function mixNumber(h: number, x: number): number {
  bits[0] = Number.isNaN(x) ? NaN : x;
  return mix(mix(h, words[0]), words[1]);
}

const hashes = (names: readonly string[], seed: number) => Uint32Array.from(names, (n) => fnv1a(n, seed));

/** Which subsets each sample is in, flat: subsets of sample x are list[offsets[x] .. offsets[x + 1]). */
function membership(nSamples: number, subsets: readonly Subset[]): { offsets: Int32Array; list: Int32Array } {
  const offsets = new Int32Array(nSamples + 1);
  for (const s of subsets) for (let x = 0; x < nSamples; x++) offsets[x + 1] += s.mask[x];
  for (let x = 0; x < nSamples; x++) offsets[x + 1] += offsets[x];
  const list = new Int32Array(offsets[nSamples]);
  const fill = offsets.slice(0, nSamples);
  subsets.forEach((s, i) => {
    for (let x = 0; x < nSamples; x++) if (s.mask[x]) list[fill[x]++] = i;
  });
  return { offsets, list };
}

const SEEDS = [0x9e3779b9, 0x7f4a7c15] as const;

/** The two line hashes of every line, per kind, in batch order. */
function lineHashes(b: MeasurementBatch, seed: number) {
  // Without ids (a batch built in a test), a sample is known by its index.
  const sample = b.sampleIds ? hashes(b.sampleIds, seed) : null;
  const sid = (s: number) => (sample ? sample[s] : s);
  const model = hashes(b.modelNames, seed);
  const { score, unitTest, pairwise, ranking } = b;
  const metric = hashes(b.metricNames, seed);
  const criterion = hashes(b.criterionNames, seed);
  const rankingKey = hashes(b.rankingKeys, seed);
  const scores = new Uint32Array(score.sample.length);
  for (let r = 0; r < scores.length; r++) {
    scores[r] = mixNumber(mix(mix(mix(mix(seed, 1), sid(score.sample[r])), model[score.model[r]]), metric[score.metric[r]] ^ (score.higherIsBetter[r] << 31)), score.value[r]);
  }
  const tests = new Uint32Array(unitTest.sample.length);
  for (let r = 0; r < tests.length; r++) {
    tests[r] = mixNumber(mix(mix(mix(mix(seed, 2), sid(unitTest.sample[r])), model[unitTest.model[r]]), criterion[unitTest.criterion[r]]), unitTest.value[r]);
  }
  const pairs = new Uint32Array(pairwise.sample.length);
  for (let r = 0; r < pairs.length; r++) {
    const h = mix(mix(mix(seed, 3), sid(pairwise.sample[r])), model[pairwise.modelA[r]]);
    pairs[r] = mixNumber(mix(h, mix(model[pairwise.modelB[r]], pairwise.winner[r])), pairwise.pA[r]);
  }
  const rankings = new Uint32Array(ranking.sample.length);
  for (let r = 0; r < rankings.length; r++) {
    let h = mix(mix(mix(seed, 4), sid(ranking.sample[r])), rankingKey[ranking.key[r]]);
    for (let q = ranking.offsets[r]; q < ranking.offsets[r + 1]; q++) h = mix(h, mix(model[ranking.model[q]], ranking.tier[q]));
    rankings[r] = h;
  }
  return [scores, tests, pairs, rankings];
}

/** One fingerprint string per subset, in the order of `subsets`. */
export function subsetFingerprints(b: MeasurementBatch, subsets: readonly Subset[]): string[] {
  const { offsets, list } = membership(b.nSamples, subsets);
  const samples = [b.score.sample, b.unitTest.sample, b.pairwise.sample, b.ranking.sample];
  const [h1, h2] = SEEDS.map((seed) => lineHashes(b, seed));
  const sum1 = new Uint32Array(subsets.length);
  const sum2 = new Uint32Array(subsets.length);
  const lines = new Int32Array(subsets.length);
  for (let k = 0; k < samples.length; k++) {
    const col = samples[k];
    const a = h1[k];
    const c = h2[k];
    for (let r = 0; r < col.length; r++) {
      for (let j = offsets[col[r]]; j < offsets[col[r] + 1]; j++) {
        const i = list[j];
        sum1[i] = (sum1[i] + a[r]) >>> 0;
        sum2[i] = (sum2[i] + c[r]) >>> 0;
        lines[i]++;
      }
    }
  }
  return subsets.map((s, i) => `${s.name}:${s.nSamples}:${lines[i]}:${sum1[i].toString(36)}:${sum2[i].toString(36)}`);
}
