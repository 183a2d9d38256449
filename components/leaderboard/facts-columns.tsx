// The leaderboard's columns from model facts (results format v1.1 `model` lines): parameters and
// licence, and the self-preference mark beside a model judged by its own family.
import type { ApiLeaderboardRow } from "@/lib/leaderboard/response";
import { MISSING } from "@/lib/format";
import type { columnsOf } from "@/lib/table/table-model";
import { Badge } from "@/components/ui/badge";

type Col = ReturnType<typeof columnsOf<ApiLeaderboardRow>>;

/** "Parameters" and "Licence" (hidden by the table when no row has facts: see factsHidden). */
export function factsColumns(col: Col) {
  return [
    col.accessor((r) => r.facts?.parameters_b ?? null, {
      id: "params",
      header: "Parameters",
      meta: { align: "right", title: "Billions of parameters, from the model's facts", cellProps: () => ({ "data-testid": "facts-params" }) },
      cell: ({ getValue }) => {
        const v = getValue();
        return v === null ? <span className="text-slate-400">{MISSING}</span> : `${v} B`;
      },
    }),
    col.accessor((r) => r.facts?.license ?? null, {
      id: "license",
      header: "Licence",
      meta: { cellClassName: "whitespace-nowrap text-xs", cellProps: () => ({ "data-testid": "facts-license" }) },
      cell: ({ row: { original: r } }) => (
        <>
          {r.facts?.license ?? <span className="text-slate-400">{MISSING}</span>}
          {r.facts?.open_weights !== null && r.facts?.open_weights !== undefined && (
            <span className="block text-slate-500">{r.facts.open_weights ? "open weights" : "closed weights"}</span>
          )}
        </>
      ),
    }),
  ];
}

/** The facts columns to hide: both when no row has facts. */
export function factsHidden(rows: readonly ApiLeaderboardRow[]): string[] {
  return rows.some((r) => r.facts) ? [] : ["params", "license"];
}

/** A warning mark when a judge of this model's measurements is of the model's own family. */
export function SelfJudgeMark({ row }: { row: ApiLeaderboardRow }) {
  if (!row.self_judges?.length) return null;
  return (
    <span className="mt-0.5 block" data-testid="self-judge" title={`Judged by ${row.self_judges.join(", ")}, of the same family (${row.facts?.family ?? "?"}): self-preference risk`}>
      <Badge tone="amber">judged by own family</Badge>
    </span>
  );
}
