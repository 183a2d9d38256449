import type { ReactNode } from "react";
import type { SortDirection } from "@tanstack/table-core";

/** A sortable column's header: a button (reachable and pressed by keyboard) with the direction shown beside the label. */
export function SortButton({ label, direction, title, onClick }: { label: ReactNode; direction: false | SortDirection; title?: string; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} title={title} className="inline-flex items-center gap-1 rounded hover:text-indigo-700">
      {label}
      <span aria-hidden className={direction ? "text-indigo-700" : "text-slate-300"}>
        {direction === "desc" ? "▼" : direction === "asc" ? "▲" : "↕"}
      </span>
    </button>
  );
}
