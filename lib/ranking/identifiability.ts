/**
 * Identifiability of the Plackett-Luce / Bradley-Terry MLE (Ford 1957; Hunter 2004, Ann.
 * Statist. 32(1), Assumption 1 and sec. 5): draw the comparison graph with an edge i → j
 * whenever i won a choice (weight > 0) with j among the losers. The MLE exists and is unique
 * (up to the fixed baseline) iff that graph is strongly connected. If it is not, the
 * likelihood keeps increasing as strongly connected components (SCCs) that beat others drift
 * apart, so scores across components are ±∞, not numbers. We therefore fit the MLE on the
 * baseline's SCC only (events won inside it, losers outside it dropped: their strength ratio
 * to the SCC tends to 0 in that limit) and report every other model with score null and a
 * `not_connected` warning. With a prior (virtual games against a fixed reference player)
 * every model that took part in a choice is connected through the reference and gets a score.
 *
 * Tarjan's SCC algorithm (1972), iterative so deep graphs cannot overflow the stack, over a
 * bitset adjacency (one row of ⌈n/32⌉ words per model; building it costs O(entries + events·n/32)).
 */
import type { ChoiceEvents } from './choices';

export interface ComparisonGraph {
  n: number;
  words: number;
  /** adj[i * words + (j >> 5)] has bit (j & 31) set iff i beat j at least once */
  adj: Uint32Array;
  /** total event weight won / lost by each model */
  wins: Float64Array;
  losses: Float64Array;
}

export function comparisonGraph(c: ChoiceEvents, weight: Float64Array = c.weight): ComparisonGraph {
  const n = c.nModels;
  const words = (n + 31) >>> 5;
  const adj = new Uint32Array(n * words);
  const wins = new Float64Array(n);
  const losses = new Float64Array(n);
  const setWeight = new Float64Array(c.setStart.length);
  // Winners sharing a loser set are adjacent in event order: build each set's bitset once.
  const bits = new Uint32Array(words);
  let lastSet = -1;
  for (let e = 0; e < c.winner.length; e++) {
    const w = weight[e];
    if (!(w > 0)) continue;
    const i = c.winner[e];
    const s = c.set[e];
    wins[i] += w;
    setWeight[s] += w;
    if (s !== lastSet) {
      bits.fill(0);
      for (let q = c.setStart[s]; q < c.setEnd[s]; q++) bits[c.entries[q] >>> 5] |= 1 << (c.entries[q] & 31);
      lastSet = s;
    }
    const row = i * words;
    for (let k = 0; k < words; k++) adj[row + k] |= bits[k];
  }
  for (let s = 0; s < setWeight.length; s++) {
    if (setWeight[s] === 0) continue;
    for (let q = c.setStart[s]; q < c.setEnd[s]; q++) losses[c.entries[q]] += setWeight[s];
  }
  return { n, words, adj, wins, losses };
}

export interface Components {
  /** component id per model; ids are in topological order, 0 = a component nobody outside beats */
  component: Int32Array;
  count: number;
}

/** Tarjan's strongly connected components, iterative. */
export function stronglyConnectedComponents(g: ComparisonGraph): Components {
  const { n, words, adj } = g;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  const callNode = new Int32Array(n);
  const callNext = new Int32Array(n); // next neighbour to try
  const comp = new Int32Array(n).fill(-1);
  let sp = 0;
  let counter = 0;
  let count = 0;
  const nextNeighbour = (v: number, from: number): number => {
    for (let j = from; j < n; j++) if (adj[v * words + (j >>> 5)] & (1 << (j & 31))) return j;
    return n;
  };
  for (let root = 0; root < n; root++) {
    if (index[root] >= 0) continue;
    let depth = 0;
    callNode[0] = root;
    callNext[0] = 0;
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const v = callNode[depth];
      const w = nextNeighbour(v, callNext[depth]);
      if (w < n) {
        callNext[depth] = w + 1;
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          depth++;
          callNode[depth] = w;
          callNext[depth] = 0;
        } else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
        continue;
      }
      if (low[v] === index[v]) {
        let x: number;
        do {
          x = stack[--sp];
          onStack[x] = 0;
          comp[x] = count;
        } while (x !== v);
        count++;
      }
      depth--;
      if (depth >= 0) low[callNode[depth]] = Math.min(low[callNode[depth]], low[v]);
    }
  }
  // Tarjan emits sinks first; renumber so that 0 is a source (the strongest end).
  for (let m = 0; m < n; m++) comp[m] = count - 1 - comp[m];
  return { component: comp, count };
}

/** Models that took part in at least one choice with positive weight. */
export function participants(g: ComparisonGraph): Uint8Array {
  const out = new Uint8Array(g.n);
  for (let m = 0; m < g.n; m++) out[m] = g.wins[m] > 0 || g.losses[m] > 0 ? 1 : 0;
  return out;
}

/** Models joined to `from` by a chain of comparisons, whichever way each was won (the graph's undirected reachability). */
export function weaklyLinked(graph: ComparisonGraph, from: number): Uint8Array {
  const { n, words, adj } = graph;
  const seen = new Uint8Array(n);
  const stack = [from];
  seen[from] = 1;
  while (stack.length) {
    const i = stack.pop()!;
    for (let j = 0; j < n; j++) {
      if (seen[j]) continue;
      const beat = (adj[i * words + (j >>> 5)] >>> (j & 31)) & 1;
      const beaten = (adj[j * words + (i >>> 5)] >>> (i & 31)) & 1;
      if (beat || beaten) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  return seen;
}

/**
 * The models whose scores are estimable: under the MLE (prior = 0) the baseline's SCC, with
 * a prior every participant.
 */
export function estimableModels(g: ComparisonGraph, comps: Components, baseline: number, prior: number): Uint8Array {
  const part = participants(g);
  if (prior > 0) return part;
  const out = new Uint8Array(g.n);
  if (!part[baseline]) return out;
  for (let m = 0; m < g.n; m++) out[m] = comps.component[m] === comps.component[baseline] ? 1 : 0;
  return out;
}
