import type { PairRecord } from "@/lib/compare/pairwise";
import { formatPercent } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import { DataTable } from "@/components/table/data-table";

/** Background for a win probability: indigo above 1/2, rose below, stronger further from 1/2. */
function cellStyle(p: number | null): React.CSSProperties {
  if (p === null) return { background: "#f8fafc" };
  const a = Math.min(1, Math.abs(p - 0.5) * 2);
  // indigo-700 / rose-700: white text on them keeps a contrast of at least 4.5 : 1 from a = 0.7.
  const rgb = p >= 0.5 ? "67, 56, 202" : "190, 18, 60";
  return { background: `rgba(${rgb}, ${0.1 + 0.85 * a})`, color: a > 0.7 ? "white" : "#0f172a" };
}

interface MatrixRow {
  model: string;
  /** P(this model beats the model of each column) */
  p: (number | null)[];
  /** per column, whether the two models were never measured together on these samples */
  unmeasured: boolean[];
  index: number;
}

const col = columnsOf<MatrixRow>();

/**
 * P(row beats column) under the selection's Plackett–Luce fit, as a coloured table. A pair never
 * measured together (`pairs`: no sample-level ordering or pairwise line holds both) is marked: its
 * probability comes from the fit alone, through the models each was compared with.
 */
export function HeadToHeadHeatmap({ models, p, pairs }: { models: string[]; p: (number | null)[][]; pairs: PairRecord[] }) {
  const measured = new Set(pairs.filter((r) => r.n > 0).map((r) => `${r.model}\u0000${r.opponent}`));
  const unmeasured = (a: string, b: string) => a !== b && !measured.has(`${a}\u0000${b}`) && !measured.has(`${b}\u0000${a}`);
  const anyUnmeasured = models.some((a) => models.some((b) => unmeasured(a, b)));
  const columns = col.columns([
    col.accessor("model", {
      // No header: the corner of the matrix.
      header: () => null,
      meta: { rowHeader: true },
      cell: ({ getValue }) => <span className="block text-right text-xs font-medium text-slate-600">{getValue()}</span>,
    }),
    ...models.map((m, j) =>
      col.accessor((r) => r.p[j], {
        id: `m${j}`,
        header: () => <span className="block break-words">{m}</span>,
        meta: {
          align: "center",
          headerClassName: "max-w-24",
          cellProps: (r: MatrixRow) => {
            const self = r.index === j;
            const fitOnly = r.unmeasured[j] && r.p[j] !== null;
            const label = `P(${r.model} beats ${m}) = ${formatPercent(r.p[j])}${fitOnly ? ", from the fit alone: never measured together" : ""}`;
            return {
              style: cellStyle(self ? null : r.p[j]),
              className: `h-11 min-w-16 rounded${fitOnly ? " italic outline-dashed outline-1 -outline-offset-4 outline-slate-500" : ""}`,
              "data-unmeasured": fitOnly ? "true" : undefined,
              "data-row": r.model,
              "data-col": m,
              "data-p": r.p[j] ?? "",
              "aria-label": self ? `${r.model} against itself` : label,
              title: self ? undefined : label,
            };
          },
        },
        cell: ({ row: { original: r } }) =>
          r.index === j ? (
            <span className="text-slate-300">·</span>
          ) : (
            <>
              {formatPercent(r.p[j])}
              {r.unmeasured[j] && r.p[j] !== null && <span aria-hidden>†</span>}
            </>
          ),
      }),
    ),
  ]);
  return (
    <DataTable
      testId="heatmap"
      caption={`Cell = P(row model beats column model) = 1 / (1 + e^(s_col − s_row)).${anyUnmeasured ? " † (dashed): the two were never measured together on these samples; the probability comes from the fit alone, through the models each was compared with." : ""}`}
      className="border-separate border-spacing-0.5"
      rows={models.map((model, index) => ({ model, p: p[index], unmeasured: models.map((o) => unmeasured(model, o)), index }))}
      columns={columns}
      rowId={(r) => r.model}
    />
  );
}
