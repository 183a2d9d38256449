import { formatSimilarity, plural } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import type { EvidenceSample } from "@/lib/models/evidence";
import { Badge } from "@/components/ui/badge";
import { SampleLink } from "@/components/evidence/sample-link";
import { DataTable } from "@/components/table/data-table";

function Record({ s }: { s: EvidenceSample }) {
  const tone = s.beats > s.loses_to ? "green" : s.beats < s.loses_to ? "red" : "slate";
  return (
    <Badge tone={tone}>
      beat {s.beats} · lost to {s.loses_to}
      {s.ties > 0 ? ` · tied ${s.ties}` : ""}
    </Badge>
  );
}

/** The model's outputs on a sample: the start of each, unfolding to the excerpt the list carries. */
function Outputs({ s }: { s: EvidenceSample }) {
  return (
    <ul className="space-y-1" aria-label={`outputs on ${s.id}`}>
      {s.outputs.map((o, i) => (
        <li key={i} data-testid="evidence-output">
          <details>
            <summary className="cursor-pointer text-slate-700">
              {s.outputs.length > 1 && o.key && <span className="text-slate-500">{o.key}: </span>}
              <span className="line-clamp-2 inline">{o.output.slice(0, 140)}</span>
            </summary>
            <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-sans text-xs text-slate-800">{o.output}</pre>
            {o.length > o.output.length && <p className="text-xs text-slate-500">{o.length.toLocaleString("en-US")} characters in all: the sample page shows the whole output.</p>}
          </details>
        </li>
      ))}
    </ul>
  );
}

const col = columnsOf<EvidenceSample>();

/** The samples behind a leaderboard row: each with the model's raw outcome, linking to the sample page. */
export function EvidenceTable({ samples, model }: { samples: EvidenceSample[]; model: string }) {
  const columns = col.columns([
    col.accessor("id", { header: "Sample", meta: { rowHeader: true, className: "whitespace-nowrap" }, cell: ({ getValue }) => <SampleLink id={getValue()} /> }),
    col.accessor("input", { header: "Input", meta: { cellClassName: "max-w-md text-slate-700" }, cell: ({ getValue }) => <span className="line-clamp-2">{getValue()}</span> }),
    col.accessor("outcomes", {
      header: () => (
        <>
          <bdi>{model}</bdi>&apos;s outcome
        </>
      ),
      cell: ({ row: { original: s } }) => (
        <ul className="space-y-0.5" aria-label={`outcomes on ${s.id}`}>
          {s.outcomes.slice(0, 4).map((o, i) => (
            <li key={i} className="whitespace-nowrap" data-testid="evidence-outcome">
              <span className="text-slate-500">{o.key}:</span> <span className="font-medium tabular-nums">{o.label}</span>
            </li>
          ))}
          {s.outcomes.length > 4 && <li className="text-xs text-slate-500">and {plural(s.outcomes.length - 4, "more group")}</li>}
        </ul>
      ),
    }),
    col.display({ id: "output", header: () => (
        <>
          <bdi>{model}</bdi>&apos;s output
        </>
      ), meta: { cellClassName: "max-w-sm text-xs" }, cell: ({ row: { original: s } }) => <Outputs s={s} /> }),
    col.display({ id: "record", header: "Against the other models", cell: ({ row: { original: s } }) => <Record s={s} /> }),
    col.accessor("similarity", { header: "Similarity", meta: { align: "right" }, cell: ({ getValue }) => formatSimilarity(getValue()) }),
  ]);
  return (
    <DataTable
      testId="evidence-table"
      caption={
        <>
          Samples behind the leaderboard row of <bdi>{model}</bdi>, with its outcome on each
        </>
      }
      captionClassName="sr-only"
      className="w-full min-w-[720px]"
      rows={samples}
      columns={columns}
      rowId={(s) => s.id}
      hidden={[...(samples.some((s) => s.similarity !== null) ? [] : ["similarity"]), ...(samples.some((s) => s.outputs.length > 0) ? [] : ["output"])]}
      rowProps={() => ({ "data-testid": "evidence-row" })}
      scroll={{ maxHeight: "36rem", label: `Samples behind the row of ${model} (scrollable)` }}
    />
  );
}
