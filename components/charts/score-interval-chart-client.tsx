"use client";

// Scores as dots with horizontal interval whiskers, one row per model in rank order, with the
// baseline's value as a dashed line. Animation is off: the numbers should simply be there.
import { CartesianGrid, Cell, ErrorBar, ReferenceLine, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatCi, formatScore, formatTick, niceTicks, scaleInfo } from "@/lib/format";

export interface ChartRow {
  model: string;
  score: number | null;
  ci: [number, number] | null;
}

interface Point {
  model: string;
  score: number;
  err: [number, number];
  ci: [number, number] | null;
  baseline: boolean;
}

const ROW_HEIGHT = 26;

function TooltipBody({ active, payload, scale }: { active?: boolean; payload?: { payload: Point }[]; scale: string }) {
  const p = active ? payload?.[0]?.payload : undefined;
  if (!p) return null;
  return (
    <div className="rounded border border-slate-200 bg-white px-2 py-1 text-xs shadow">
      <p className="font-medium text-slate-900">{p.model}</p>
      <p className="tabular-nums text-slate-700">
        {formatScore(p.score, scale)}
        {p.ci && ` ${formatCi(p.ci, scale)}`}
      </p>
    </div>
  );
}

interface Props {
  rows: ChartRow[];
  baseline: string;
  reference: number | null;
  domain: [number, number];
  /** The method's score scale: the axis label, and how scores and ticks are written. */
  scale: string;
}

export function ScoreIntervalChart({ rows, baseline, reference, domain, scale }: Props) {
  const { label: axisLabel, baselineZero: signed } = scaleInfo(scale);
  const data: Point[] = rows
    .filter((r): r is ChartRow & { score: number } => r.score !== null && Number.isFinite(r.score))
    .map((r) => ({ model: r.model, score: r.score, ci: r.ci, err: r.ci ? [r.score - r.ci[0], r.ci[1] - r.score] : [0, 0], baseline: r.model === baseline }));
  if (data.length === 0) return <p className="text-sm text-slate-600">No scores to plot.</p>;
  const { ticks, decimals } = niceTicks(domain, 6);
  const tick = (v: number) => formatTick(v, decimals, signed);
  const longest = Math.max(...data.map((d) => d.model.length));
  const yWidth = Math.min(160, Math.max(70, longest * 6.6 + 12));
  const maxChars = Math.floor((yWidth - 12) / 6.6);
  const label = (name: string) => (name.length > maxChars ? `${name.slice(0, maxChars - 1)}…` : name);
  return (
    <div style={{ height: data.length * ROW_HEIGHT + 56 }} className="w-full" role="img" aria-label={`Chart of ${axisLabel} with 95% intervals for ${data.length} models`}>
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 8, right: 24, bottom: 24, left: 4 }}>
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" dataKey="score" domain={[ticks[0], ticks[ticks.length - 1]]} ticks={ticks} interval={0} tickFormatter={tick} tick={{ fontSize: 11, fill: "#475569" }} label={{ value: axisLabel, position: "insideBottom", offset: -14, fontSize: 11, fill: "#475569" }} />
          <YAxis type="category" dataKey="model" width={yWidth} interval={0} tickFormatter={label} tick={{ fontSize: 11, fill: "#0f172a" }} allowDuplicatedCategory={false} reversed />
          {reference !== null && <ReferenceLine x={reference} stroke="#94a3b8" strokeDasharray="4 3" />}
          <Tooltip content={<TooltipBody scale={scale} />} cursor={{ strokeDasharray: "3 3" }} isAnimationActive={false} />
          <Scatter data={data} fill="#4338ca" isAnimationActive={false} shape="circle">
            {data.map((d) => (
              <Cell key={d.model} fill={d.baseline ? "#64748b" : "#4338ca"} />
            ))}
            <ErrorBar dataKey="err" direction="x" width={4} stroke="#6366f1" strokeWidth={1.5} isAnimationActive={false} />
          </Scatter>
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}
