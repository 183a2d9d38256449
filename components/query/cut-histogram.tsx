// How the retrieved set was cut, for each concept of the query: the candidates' similarity
// histogram with the cut drawn, the rule that placed it, and links that widen or narrow it
// (an explicit threshold one background σ lower or higher). Server-rendered SVG: no chart library.
import Link from "next/link";
import type { Retrieval } from "@/lib/serving/retrieve";
import type { LeaderboardQuery } from "@/lib/selection/schema";
import { queryParams } from "@/lib/selection/url";

const W = 320;
const H = 64;

function how(c: Retrieval["concepts"][number]): string {
  const r = c.report;
  const sim = r.cut.similarity === null ? "—" : r.cut.similarity.toFixed(3);
  if (r.mode === "k") return `the k = ${r.cut.k} best by fused rank (lowest similarity kept ${sim})`;
  // An explicit threshold bounds the set as in API version 1: by similarity alone (no tag or task match is added).
  if (r.mode === "threshold") return `similarity ≥ ${sim} (your threshold)`;
  const bg = r.background;
  const e = r.expansion;
  const expanded = e
    ? `similarity to the expanded query (the mean of the ${e.feedback_samples} best samples by ${e.seeds_from === "lexical" ? "its words" : "similarity"}${e.terms.length ? `, words added: ${e.terms.join(", ")}` : ""})`
    : "similarity";
  if (!bg) return "adaptive: too few candidates for a background; tag or task matches only";
  const rule = `background median ${bg.median.toFixed(3)} + ${bg.z} × σ ${bg.sigma.toFixed(3)}`;
  // A spread-out background (few candidates, e.g. modality=image) can put the cut past any cosine.
  if (r.cut.similarity !== null && r.cut.similarity > 1) return `adaptive: the cut (${rule} = ${sim}) lies above every possible similarity, so none stands out by it; kept: samples whose tag or task a query word names`;
  return `adaptive: ${expanded} ≥ ${sim} = ${rule}, or a query word names the sample's tag or task`;
}

function Histogram({ c }: { c: Retrieval["concepts"][number] }) {
  const h = c.histogram!;
  const max = Math.max(...h.counts, 1);
  const bw = W / h.counts.length;
  const x = (v: number) => ((v - h.from) / (h.width * h.counts.length)) * W;
  const cut = c.report.cut.similarity;
  return (
    <svg viewBox={`0 0 ${W} ${H + 14}`} className="w-full max-w-md" role="img" aria-label={`Similarity histogram of ${c.report.n_candidates} candidates with the cut at ${cut?.toFixed(3) ?? "none"}`}>
      {h.counts.map((n, i) => {
        const bh = n ? Math.max(1, Math.sqrt(n / max) * H) : 0;
        const lo = h.from + i * h.width;
        return <rect key={i} x={i * bw + 0.5} y={H - bh} width={bw - 1} height={bh} className={cut !== null && lo + h.width > cut ? "fill-indigo-500" : "fill-slate-300"} />;
      })}
      {cut !== null && (
        // A cut beyond the candidates' range is drawn at the edge: only tag or task matches were kept (or all were).
        <line x1={Math.min(W, Math.max(0, x(cut)))} x2={Math.min(W, Math.max(0, x(cut)))} y1={0} y2={H} className="stroke-red-600" strokeWidth={1.5} data-testid="cut-line" />
      )}
      <text x={0} y={H + 12} className="fill-slate-500 text-[9px]">
        {h.from.toFixed(2)}
      </text>
      <text x={W} y={H + 12} textAnchor="end" className="fill-slate-500 text-[9px]">
        {(h.from + h.width * h.counts.length).toFixed(2)}
      </text>
    </svg>
  );
}

export function CutHistogram({ query, retrieval }: { query: LeaderboardQuery; retrieval: Retrieval }) {
  if (!retrieval.parsed) return null;
  const first = retrieval.concepts[0];
  const step = first?.report.background?.sigma ?? (first?.histogram ? first.histogram.width * 2 : 0.02);
  const at = (threshold: number) => `/query?${queryParams({ ...query, k: undefined, threshold: Math.round(threshold * 1000) / 1000 })}`;
  // An explicit threshold is on the similarity to the words typed (API version 1), so it cannot
  // move a cut made on an expanded query's similarities: no widen/narrow links then.
  const cut = first?.report.expansion ? null : (first?.report.cut.similarity ?? null);
  // A threshold is a cosine: the links stay within [−1, 1] (a cut near 1 has nothing to narrow).
  const widen = Math.max(-1, (cut ?? 0) - step);
  const narrow = Math.min(1, (cut ?? 0) + step);
  return (
    <div className="mb-3 space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-xs text-slate-600" data-testid="cut-summary">
      <p>
        Parsed query: <code className="rounded bg-white px-1 font-mono text-slate-800" data-testid="parsed-query">{retrieval.parsed}</code>
      </p>
      {retrieval.concepts.map((c) => (
        <div key={c.text}>
          <p>
            <span className="font-medium text-slate-800">“{c.text}”</span>: {c.report.cut.k} of {c.report.n_candidates} candidates kept by {how(c)}.
          </p>
          {c.histogram && <Histogram c={c} />}
        </div>
      ))}
      {cut !== null && (
        <p className="flex flex-wrap gap-3">
          {widen < cut && (
            <Link href={at(widen)} className="text-indigo-700 underline" data-testid="widen-cut">
              Widen (similarity ≥ {widen.toFixed(3)})
            </Link>
          )}
          {narrow > cut && (
            <Link href={at(narrow)} className="text-indigo-700 underline" data-testid="narrow-cut">
              Narrow (similarity ≥ {narrow.toFixed(3)})
            </Link>
          )}
          {(query.k !== undefined || query.threshold !== undefined) && (
            <Link href={`/query?${queryParams({ ...query, k: undefined, threshold: undefined })}`} className="text-indigo-700 underline">
              Back to the adaptive cut
            </Link>
          )}
        </p>
      )}
    </div>
  );
}
