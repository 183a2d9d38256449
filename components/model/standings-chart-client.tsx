"use client";

import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, LabelList, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { cutEnds, cutMarks } from "@/components/charts/cut-interval";
import { formatCi, formatScore, formatTick, niceTicks, zeroDomain } from "@/lib/format";

export interface StandingPoint {
  name: string;
  score: number;
  ci: [number, number] | null;
  rank: number | null;
  n_models: number;
}

/** Horizontal bars: the model's score in each benchmark or tag, with 95% intervals, baseline at 0. */
export function StandingsChart({ data, label, baseline }: { data: StandingPoint[]; label: string; baseline: string }) {
  // The axis spans the scores (and 0); very wide intervals are cut at the axis rather than squashing
  // the bars, and an arrowhead marks the cut end (components/charts/cut-interval.tsx).
  const { ticks, decimals } = niceTicks(zeroDomain(data.map((d) => d.score)), 8);
  const [lo, hi] = [ticks[0], ticks[ticks.length - 1]];
  const rows = data.map((d) => ({ ...d, err: d.ci ? [d.score - Math.max(lo, d.ci[0]), Math.min(hi, d.ci[1]) - d.score] : [0, 0], cut: [d.score, cutEnds(d.ci, lo, hi)] }));
  const height = 40 + 26 * rows.length;
  const summary = rows.map((d) => `${d.name}: ${formatScore(d.score)}, rank ${d.rank ?? "—"} of ${d.n_models}`).join("; ");
  return (
    <figure role="img" aria-label={`${label}. Scores relative to ${baseline} (0): ${summary}`} style={{ height }} className="w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }}>
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" tick={{ fontSize: 11 }} tickFormatter={(v: number) => formatTick(v, decimals, true)} domain={[lo, hi]} ticks={ticks} allowDataOverflow />
          <YAxis type="category" dataKey="name" width={190} tick={{ fontSize: 11 }} interval={0} />
          <ReferenceLine x={0} stroke="#64748b" />
          <Tooltip
            formatter={(_v, _n, item) => {
              const p = item.payload as StandingPoint;
              return [`${formatScore(p.score)} (95% CI ${formatCi(p.ci)}), rank ${p.rank ?? "—"} of ${p.n_models}`, "score"];
            }}
          />
          <Bar dataKey="score" isAnimationActive={false} barSize={14}>
            {rows.map((d) => (
              <Cell key={d.name} fill={d.rank === 1 ? "#059669" : d.score >= 0 ? "#4f46e5" : "#e11d48"} />
            ))}
            <ErrorBar dataKey="err" direction="x" width={4} stroke="#334155" isAnimationActive={false} />
            <LabelList dataKey="cut" content={cutMarks(lo, hi, true)} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
