"use client";

import { useState } from "react";
import type { SubsetScores } from "@/lib/compare/compare";
import { SubsetTable } from "./subset-table";

/**
 * The numbers behind a chart of subset scores, in a disclosure that renders the table only once it
 * is opened: the rows come with the chart's own (one copy in the page's data), so a comparison over
 * forty benchmarks does not send and render forty rows of cells nobody opened (the page's weight was
 * halved: the server rendered every table twice, as markup and as the page's data).
 */
export function SubsetTableDetails({ rows, models, kind, baseline }: { rows: SubsetScores[]; models: string[]; kind: string; baseline: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm text-indigo-700">Table of these scores</summary>
      {open ? (
        <div className="mt-2">
          <SubsetTable rows={rows} models={models} kind={kind} baseline={baseline} />
        </div>
      ) : null}
    </details>
  );
}
