// The retrieval strategies npm run bench:retrieval compares, over one in-memory pool: the
// version-1 default (the 1,000 nearest by cosine), the dense similarities cut at the adaptive
// background cut alone, the portal's default (dense + lexical fused, adaptive cut, the query
// expanded by pseudo-relevance feedback where no sample carries it as a tag or task:
// lib/retrieval/concept-search.ts), also at fixed z, the default without the expansion, and a
// ceiling that is no strategy: the category's true centroid as the query (it reads the labels),
// which bounds what any expansion towards one point of this embedding space can reach.
import { adaptiveThreshold, background } from "@/lib/retrieval/cutoff";
import { searchConcept } from "@/lib/retrieval/concept-search";
import { centroid } from "@/lib/retrieval/feedback";
import type { LsaModel, SampleFields } from "@/lib/retrieval/embedder";
import { retrieveConcept } from "@/lib/retrieval/hybrid";
import { LexicalIndex } from "@/lib/retrieval/lexical";
import { conceptLexicon } from "@/lib/retrieval/concept-terms";

export interface BenchPool {
  name: string;
  fields: SampleFields[];
  vectors: Float32Array[];
  embedder: LsaModel;
  lexical: LexicalIndex;
  /** Rows of each category: for scoring, and for the labelled ceiling only. */
  truth: Map<string, Set<number>>;
}

export interface Strategy {
  name: string;
  retrieve(pool: BenchPool, query: string): { rows: number[]; how: string };
}

function similarities(pool: BenchPool, q: Float32Array): Float32Array {
  if (!q.some((x) => x !== 0)) return new Float32Array(pool.vectors.length).fill(NaN);
  return Float32Array.from(pool.vectors, (v) => {
    let dot = 0;
    for (let i = 0; i < v.length; i++) dot += v[i] * q[i];
    return dot;
  });
}

const cosines = (pool: BenchPool, query: string) => similarities(pool, pool.embedder.embed([query])[0]);

const byScore = (s: ArrayLike<number>) => Array.from({ length: s.length }, (_, i) => i).sort((a, b) => s[b] - s[a] || a - b);

function denseAdaptive(z: number): Strategy {
  return {
    name: `dense-z${z}`,
    retrieve(pool, query) {
      const s = cosines(pool, query);
      const bg = background(s);
      if (!bg) return { rows: [], how: "no background" };
      const t = adaptiveThreshold(bg, z);
      return { rows: byScore(s).filter((i) => s[i] >= t), how: `median ${bg.median.toFixed(3)} σ ${bg.sigma.toFixed(3)} cut ${t.toFixed(3)}` };
    },
  };
}

const describe = (r: ReturnType<typeof retrieveConcept>) => {
  const bg = r.report.background;
  const e = r.report.expansion;
  const expanded = e ? ` expanded (${e.feedback_samples} ${e.seeds_from} seeds${e.terms.length ? `, +${e.terms.join(" +")}` : ""})` : "";
  return `${r.report.mode} cut ${r.report.cut.similarity?.toFixed(3)}${bg ? ` (median ${bg.median.toFixed(3)} σ ${bg.sigma.toFixed(3)})` : ""}${expanded}`;
};

/** The portal's default (z undefined: as lib/retrieval/hybrid.ts chooses it), or a fixed z. */
function hybrid(z?: number): Strategy {
  return {
    name: z === undefined ? "default" : `hybrid-z${z}`,
    retrieve(pool, query) {
      const candidate = new Uint8Array(pool.vectors.length).fill(1);
      const { result } = searchConcept(
        { index: pool.lexical, text: query, dense: cosines(pool, query), candidate, vectorOf: (r) => pool.vectors[r], similarities: (q) => similarities(pool, q) },
        { z },
      );
      return { rows: result.rows, how: describe(result) };
    },
  };
}

/** The default before query expansion: the concept's own similarities, cut and fused as above. */
const noFeedback: Strategy = {
  name: "no-feedback",
  retrieve(pool, query) {
    const { score, labelled } = conceptLexicon(pool.lexical, query);
    const r = retrieveConcept({ dense: cosines(pool, query), lexical: score, labelled, candidate: new Uint8Array(pool.vectors.length).fill(1) }, {});
    return { rows: r.rows, how: describe(r) };
  },
};

/** Not a strategy (it reads the labels): the true category centroid, cut adaptively at z = 3. */
const labelledCeiling: Strategy = {
  name: "ceiling-true-centroid",
  retrieve(pool, query) {
    const q = centroid([...(pool.truth.get(query) ?? [])], (r) => pool.vectors[r]);
    if (!q) return { rows: [], how: "no true rows" };
    const s = similarities(pool, q);
    const bg = background(s)!;
    const t = adaptiveThreshold(bg, 3);
    return { rows: byScore(s).filter((i) => s[i] >= t), how: `cut ${t.toFixed(3)} (median ${bg.median.toFixed(3)} σ ${bg.sigma.toFixed(3)})` };
  },
};

export const STRATEGIES: Strategy[] = [
  { name: "v1-k1000", retrieve: (pool, query) => ({ rows: byScore(cosines(pool, query)).slice(0, 1000), how: "k=1000" }) },
  denseAdaptive(3),
  denseAdaptive(6),
  noFeedback,
  hybrid(),
  ...[2, 3, 6, 10].map((z) => hybrid(z)),
  labelledCeiling,
];
