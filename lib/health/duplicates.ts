/**
 * Duplicate inputs across the pool.
 *   normaliseText: NFKC, lower case, every run of non-letters/digits → one space, trimmed.
 *   exact:  equal normalised text.
 *   near:   Jaccard similarity J(A, B) = |A ∩ B| / |A ∪ B| of the sets of word SHINGLE-grams
 *           ≥ NEAR_JACCARD, found with MinHash (Broder 1997) and LSH banding (Indyk & Motwani
 *           1998; Leskovec, Rajaraman & Ullman, Mining of Massive Datasets, ch. 3): BANDS bands
 *           of ROWS hashes collide with probability 1 − (1 − J^ROWS)^BANDS (≈ 0.9998 at J = 0.9,
 *           ≈ 0.01 at J = 0.3), and every candidate's J is then computed exactly.
 * A sample with an image is a duplicate only of a sample with the same image (its SHA-256, or the
 * URL it is fetched from): the image questions of one task often share their text ("What does
 * this chart show?") and differ by their pictures. duplicateKeys and nearPairsWithImages apply that.
 */
export const SHINGLE = 3;
export const NEAR_JACCARD = 0.9;
const BANDS = 8;
const ROWS = 4;

export function normaliseText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/** Groups (≥ 2 indices, ascending) of equal non-empty texts. */
export function exactDuplicateGroups(normalised: readonly string[]): number[][] {
  const byText = new Map<string, number[]>();
  normalised.forEach((t, i) => {
    if (t === "") return;
    const g = byText.get(t);
    if (g) g.push(i);
    else byText.set(t, [i]);
  });
  return [...byText.values()].filter((g) => g.length > 1);
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function mix(x: number, seed: number): number {
  let z = (x ^ seed) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export function shingles(normalised: string): Set<number> {
  const words = normalised.split(" ").filter(Boolean);
  const out = new Set<number>();
  if (words.length < SHINGLE) {
    if (words.length) out.add(fnv1a(words.join(" ")));
    return out;
  }
  for (let i = 0; i + SHINGLE <= words.length; i++) out.add(fnv1a(words.slice(i, i + SHINGLE).join(" ")));
  return out;
}

export function jaccard(a: Set<number>, b: Set<number>): number {
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  const union = a.size + b.size - both;
  return union > 0 ? both / union : 0;
}

export interface NearPair {
  a: number;
  b: number;
  jaccard: number;
}

/** Pairs (a < b) of different texts with J ≥ threshold. */
export function nearDuplicatePairs(normalised: readonly string[], threshold = NEAR_JACCARD): NearPair[] {
  // Exact copies are another flag; only the first of each text is hashed, so a text copied
  // thousands of times does not fill one bucket with millions of pairs.
  const first = new Set<string>();
  const sets = normalised.map((t) => (first.has(t) ? new Set<number>() : (first.add(t), shingles(t))));
  const seeds = Array.from({ length: BANDS * ROWS }, (_, i) => mix(i + 1, 0x9e3779b9));
  const buckets = new Map<string, number[]>();
  const sig = new Uint32Array(BANDS * ROWS);
  sets.forEach((set, i) => {
    if (set.size === 0) return;
    sig.fill(0xffffffff);
    for (const x of set) for (let h = 0; h < sig.length; h++) sig[h] = Math.min(sig[h], mix(x, seeds[h]));
    for (let band = 0; band < BANDS; band++) {
      const key = `${band}:${Array.from(sig.subarray(band * ROWS, (band + 1) * ROWS)).join(",")}`;
      const bucket = buckets.get(key);
      if (bucket) bucket.push(i);
      else buckets.set(key, [i]);
    }
  });
  const seen = new Set<string>();
  const out: NearPair[] = [];
  for (const bucket of buckets.values()) {
    for (let x = 0; x < bucket.length; x++) {
      for (let y = x + 1; y < bucket.length; y++) {
        const [a, b] = [bucket[x], bucket[y]];
        const key = `${a},${b}`;
        if (seen.has(key) || normalised[a] === normalised[b]) continue;
        seen.add(key);
        const j = jaccard(sets[a], sets[b]);
        if (j >= threshold) out.push({ a, b, jaccard: j });
      }
    }
  }
  return out.sort((p, q) => p.a - q.a || p.b - q.b);
}

/** Per sample, its key for exact duplicates: the normalised text, with its image's identity when it has one. */
export function duplicateKeys(normalised: readonly string[], images: readonly (string | null)[]): string[] {
  return normalised.map((t, i) => (images[i] == null ? t : `${t}\u0000${images[i]}`));
}

/** nearDuplicatePairs among the samples without an image, and among the samples of each one image. */
export function nearPairsWithImages(normalised: readonly string[], images: readonly (string | null)[], threshold = NEAR_JACCARD): NearPair[] {
  const out = nearDuplicatePairs(normalised.map((t, i) => (images[i] == null ? t : "")), threshold);
  const byImage = new Map<string, number[]>();
  images.forEach((image, i) => {
    if (image == null) return;
    const group = byImage.get(image);
    if (group) group.push(i);
    else byImage.set(image, [i]);
  });
  for (const group of byImage.values()) {
    if (group.length < 2) continue;
    for (const p of nearDuplicatePairs(group.map((i) => normalised[i]), threshold)) out.push({ a: group[p.a], b: group[p.b], jaccard: p.jaccard });
  }
  return out.sort((p, q) => p.a - q.a || p.b - q.b);
}
