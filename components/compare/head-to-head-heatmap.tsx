import { formatPercent } from "@/lib/format";

/** Background for a win probability: indigo above 1/2, rose below, stronger further from 1/2. */
function cellStyle(p: number | null): React.CSSProperties {
  if (p === null) return { background: "#f8fafc" };
  const a = Math.min(1, Math.abs(p - 0.5) * 2);
  // indigo-700 / rose-700: white text on them keeps a contrast of at least 4.5 : 1 from a = 0.7.
  const rgb = p >= 0.5 ? "67, 56, 202" : "190, 18, 60";
  return { background: `rgba(${rgb}, ${0.1 + 0.85 * a})`, color: a > 0.7 ? "white" : "#0f172a" };
}

/** P(row beats column) under the selection's Plackett–Luce fit, as a coloured table. */
export function HeadToHeadHeatmap({ models, p }: { models: string[]; p: (number | null)[][] }) {
  return (
    <div className="overflow-x-auto">
      <table className="border-separate border-spacing-0.5 text-sm" data-testid="heatmap">
        <caption className="pb-2 text-left text-xs text-slate-500">Cell = P(row model beats column model) = 1 / (1 + e^(s_col − s_row)).</caption>
        <thead>
          <tr>
            <td />
            {models.map((m) => (
              <th key={m} scope="col" className="max-w-24 px-1 pb-1 align-bottom text-xs font-medium text-slate-600">
                <span className="block break-words">{m}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {models.map((row, i) => (
            <tr key={row}>
              <th scope="row" className="pr-2 text-right text-xs font-medium text-slate-600">
                {row}
              </th>
              {models.map((col, j) => (
                <td
                  key={col}
                  style={cellStyle(i === j ? null : p[i][j])}
                  className="h-11 min-w-16 rounded text-center tabular-nums"
                  data-row={row}
                  data-col={col}
                  data-p={p[i][j] ?? ""}
                  aria-label={i === j ? `${row} against itself` : `P(${row} beats ${col}) = ${formatPercent(p[i][j])}`}
                  title={i === j ? undefined : `P(${row} beats ${col}) = ${formatPercent(p[i][j])}`}
                >
                  {i === j ? <span className="text-slate-300">·</span> : formatPercent(p[i][j])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
