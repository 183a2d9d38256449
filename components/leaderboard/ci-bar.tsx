// A score with its interval on an axis shared by every row, with the baseline's value marked, so
// rows can be compared at a glance. Decorative: the numbers are in the neighbouring cells.
import { scaleInfo } from "@/lib/format";

export type Domain = [number, number];

/** The value the dashed line marks: the baseline's score, or 0 on a scale pinned there when the baseline has none. */
export function scoreReference(rows: { model: string; score: number | null }[], baseline: string, scale: string): number | null {
  return rows.find((r) => r.model === baseline)?.score ?? (scaleInfo(scale).baselineZero ? 0 : null);
}

/** The axis covering every score, interval and the reference, with a little margin. */
export function ciDomain(rows: { score: number | null; ci: [number, number] | null }[], reference: number | null): Domain {
  const xs: number[] = reference === null ? [] : [reference];
  for (const r of rows) {
    if (r.score !== null && Number.isFinite(r.score)) xs.push(r.score);
    if (r.ci) xs.push(...r.ci.filter(Number.isFinite));
  }
  if (xs.length === 0) return [0, 1];
  let lo = Math.min(...xs);
  let hi = Math.max(...xs);
  if (hi - lo < 1e-9) {
    lo -= 1;
    hi += 1;
  }
  const pad = (hi - lo) * 0.04;
  return [lo - pad, hi + pad];
}

/** `unbounded`: a score whose interval could not be bounded, drawn as a band across the whole axis (a bare tick looked certain). */
export function CiBar({ score, ci, domain, reference, isBaseline, unbounded }: { score: number | null; ci: [number, number] | null; domain: Domain; reference: number | null; isBaseline?: boolean; unbounded?: boolean }) {
  const x = (v: number) => Math.max(0, Math.min(100, ((v - domain[0]) / (domain[1] - domain[0])) * 100));
  return (
    <svg aria-hidden viewBox="0 0 100 16" preserveAspectRatio="none" className="h-4 w-full">
      <line x1="0" x2="100" y1="8" y2="8" className="stroke-slate-100" strokeWidth="6" />
      {reference !== null && <line x1={x(reference)} x2={x(reference)} y1="1" y2="15" className="stroke-slate-400" strokeWidth="0.6" strokeDasharray="1.5 1" vectorEffect="non-scaling-stroke" />}
      {ci && <rect x={x(ci[0])} width={Math.max(0.8, x(ci[1]) - x(ci[0]))} y="5" height="6" rx="1" className={isBaseline ? "fill-slate-300" : "fill-indigo-200"} />}
      {!ci && unbounded && <rect x="0" width="100" y="5" height="6" className="fill-amber-100 stroke-amber-400" strokeWidth="0.6" strokeDasharray="2 1.5" vectorEffect="non-scaling-stroke" data-unbounded="" />}
      {score !== null && <rect x={x(score) - 0.9} width="1.8" y="2" height="12" rx="0.6" className={isBaseline ? "fill-slate-600" : "fill-indigo-700"} />}
    </svg>
  );
}
