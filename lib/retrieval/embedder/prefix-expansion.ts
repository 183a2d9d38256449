// Last resort for a text none of whose words the fitted vocabulary knows ("immunology" in a pool
// that only says "immune", "macroeconomy" where the pool says "macroeconomic"): each unknown
// word stands for the vocabulary words that share a long prefix with it. Without this such a
// query embeds to the zero vector and matches nothing; it never changes a text with a known word.

const MIN_PREFIX = 5;
const MAX_EXPANSIONS = 8;

function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

export class PrefixIndex {
  private readonly sorted: string[];

  /** `terms`: the vocabulary; bigrams are left out, expansions are single words. */
  constructor(terms: readonly string[]) {
    this.sorted = terms.filter((t) => !t.includes(" ")).sort();
  }

  /**
   * Vocabulary words sharing with `word` a prefix of at least 5 characters and at least half the
   * shorter word, longest shared prefix first (ties alphabetical), at most 8.
   */
  expand(word: string): string[] {
    if (word.length < MIN_PREFIX) return [];
    const found: [string, number][] = [];
    for (const term of this.withPrefix(word.slice(0, MIN_PREFIX))) {
      const shared = commonPrefixLength(word, term);
      if (2 * shared >= Math.min(word.length, term.length)) found.push([term, shared]);
    }
    found.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return found.slice(0, MAX_EXPANSIONS).map(([t]) => t);
  }

  /** The single words starting with `prefix`, in order (a binary search for the first, then a scan). */
  withPrefix(prefix: string): string[] {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.sorted.length && this.sorted[i].startsWith(prefix); i++) out.push(this.sorted[i]);
    return out;
  }
}
