"use client";

import { Bar, BarChart, CartesianGrid, ErrorBar, LabelList, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { cutEnds, cutMarks } from "@/components/charts/cut-interval";
import { formatScore, formatTick, niceTicks, zeroDomain } from "@/lib/format";
import { modelColor } from "./palette";

export interface SubsetBarsRow {
  name: string;
  n_samples: number;
  scores: { model: string; score: number | null; ci: [number, number] | null }[];
}

/** A group's axis label: its name (long ones cut) and its number of samples, which is what makes an interval wide. */
function subsetLabel(name: string, nSamples: number): string {
  return `${name.length > 22 ? `${name.slice(0, 21)}…` : name} (${nSamples})`;
}

/**
 * Grouped bars: one group per benchmark or tag, one bar per model (its score there, baseline 0),
 * with 95% intervals; each group labelled with its number of samples. Series are keyed m0, m1, …
 * because model names may contain dots, which Recharts would read as paths.
 */
export function SubsetBars({ rows, models, label }: { rows: SubsetBarsRow[]; models: string[]; label: string }) {
  // The axis spans the scores (and 0), not the intervals: a model with almost no wins in one subset
  // has a very wide interval that would squash every other bar; its whisker is cut at the axis, where
  // an arrowhead marks it (components/charts/cut-interval.tsx).
  const values = rows.flatMap((r) => r.scores.map((s) => s.score)).filter((v): v is number => v !== null);
  const { ticks, decimals } = niceTicks(zeroDomain(values), 8);
  const [lo, hi] = [ticks[0], ticks[ticks.length - 1]];
  const data = rows.map((r) => {
    const d: Record<string, unknown> = { name: r.name, label: subsetLabel(r.name, r.n_samples), n: r.n_samples };
    models.forEach((m, i) => {
      const s = r.scores.find((x) => x.model === m);
      d[`m${i}`] = s?.score ?? null;
      d[`e${i}`] = s && s.score !== null && s.ci ? [s.score - Math.max(lo, s.ci[0]), Math.min(hi, s.ci[1]) - s.score] : [0, 0];
      d[`c${i}`] = [s?.score ?? null, cutEnds(s?.ci ?? null, lo, hi)];
    });
    return d;
  });
  const marks = cutMarks(lo, hi, false);
  const summary = rows.map((r) => `${r.name} (${r.n_samples} samples): ${r.scores.map((s) => `${s.model} ${formatScore(s.score)}`).join(", ")}`).join("; ");
  // Every group keeps room for its bars and its label: on a narrow screen the chart scrolls
  // sideways instead of piling the labels on each other (17 benchmarks on a phone were a smear).
  const minWidth = 56 + rows.length * (10 * models.length + 14);
  return (
    <div role="region" aria-label={`${label} (scrolls sideways)`} tabIndex={0} className="overflow-x-auto">
    <figure role="img" aria-label={`${label}. ${summary}`} className="h-96 w-full" style={{ minWidth }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 24 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} angle={-40} textAnchor="end" height={110} />
          <YAxis tick={{ fontSize: 11 }} tickFormatter={(v: number) => formatTick(v, decimals, true)} width={48} domain={[lo, hi]} ticks={ticks} allowDataOverflow />
          <ReferenceLine y={0} stroke="#64748b" />
          <Tooltip formatter={(v) => formatScore(typeof v === "number" ? v : null)} labelFormatter={(l, p) => {
              const d = p?.[0]?.payload as { name?: string; n?: number } | undefined;
              return `${d?.name ?? l} · ${d?.n ?? "?"} samples`;
            }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {models.map((m, i) => (
            <Bar key={m} dataKey={`m${i}`} name={m} fill={modelColor(i)} isAnimationActive={false}>
              <ErrorBar dataKey={`e${i}`} width={2} stroke="#334155" strokeWidth={1} isAnimationActive={false} />
              <LabelList dataKey={`c${i}`} content={marks} />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
    </div>
  );
}
