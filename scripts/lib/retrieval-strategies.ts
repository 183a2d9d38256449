// The retrieval strategies npm run bench:retrieval compares, over one in-memory pool: the
// version-1 default (the 1,000 nearest by cosine), the dense similarities cut at the adaptive
// background cut alone, and the portal's default (dense + lexical fused, adaptive cut:
// lib/retrieval/hybrid.ts), also at fixed z.
import { adaptiveThreshold, background } from "@/lib/retrieval/cutoff";
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
}

export interface Strategy {
  name: string;
  retrieve(pool: BenchPool, query: string): { rows: number[]; how: string };
}

function cosines(pool: BenchPool, query: string): Float32Array {
  const [q] = pool.embedder.embed([query]);
  if (!q.some((x) => x !== 0)) return new Float32Array(pool.vectors.length).fill(NaN);
  return Float32Array.from(pool.vectors, (v) => {
    let dot = 0;
    for (let i = 0; i < v.length; i++) dot += v[i] * q[i];
    return dot;
  });
}

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

/** The portal's default (z undefined: as lib/retrieval/hybrid.ts chooses it), or a fixed z. */
function hybrid(z?: number): Strategy {
  return {
    name: z === undefined ? "default" : `hybrid-z${z}`,
    retrieve(pool, query) {
      const n = pool.vectors.length;
      const { score, labelled } = conceptLexicon(pool.lexical, query);
      const r = retrieveConcept({ dense: cosines(pool, query), lexical: score, labelled, candidate: new Uint8Array(n).fill(1) }, { z });
      const bg = r.report.background;
      return { rows: r.rows, how: `${r.report.mode} cut ${r.report.cut.similarity?.toFixed(3)}${bg ? ` (median ${bg.median.toFixed(3)} σ ${bg.sigma.toFixed(3)})` : ""}` };
    },
  };
}

export const STRATEGIES: Strategy[] = [
  { name: "v1-k1000", retrieve: (pool, query) => ({ rows: byScore(cosines(pool, query)).slice(0, 1000), how: "k=1000" }) },
  denseAdaptive(3),
  denseAdaptive(6),
  hybrid(),
  ...[3, 6, 10].map((z) => hybrid(z)),
];
