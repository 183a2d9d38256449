// The one data table of the portal. lib/table/table-model (TanStack Table) decides the columns,
// their order, visibility and sort; this component owns the markup, the look and the
// accessibility: a caption, column headers with scope, row headers, sort buttons with aria-sort,
// a keyboard-scrollable region for long tables whose bodies are then virtualised.
//
// It has no hooks and no "use client", so a server component renders it as it is (cells and all);
// a client component can pass `sort` with its click handler. Column definitions hold functions,
// so they stay on the side that renders the table.
import type { ReactNode } from "react";
import type { RowData } from "@tanstack/table-core";
import { ariaSort, rowCells, sortingState, tableModel, type ColumnLook, type Columns, type RowProps, type TableModelInput } from "@/lib/table/table-model";
import { SortButton } from "./sort-button";
import { VirtualRows } from "./virtual-rows-client";

/** Longer bodies are drawn a window at a time (when the table scrolls in its own box). */
export const VIRTUAL_ABOVE = 200;

interface Props<TRow extends RowData> extends TableModelInput<TRow> {
  columns: Columns<TRow>;
  testId: string;
  caption?: ReactNode;
  captionClassName?: string;
  /** Classes of the <table> (width, min-width, spacing). */
  className?: string;
  wrapperClassName?: string;
  rowProps?: (row: TRow) => RowProps;
  /** Sortable headers: clicking one calls onSort with its column id (the caller owns the sort, e.g. in the URL). */
  sort?: { key: string; desc: boolean; onSort: (columnId: string) => void };
  /** A box of at most this height that scrolls by itself, with the header kept in view. */
  scroll?: { maxHeight: string; label: string; rowHeight?: number };
}

const ALIGN = { left: "text-left", right: "text-right tabular-nums", center: "text-center" } as const;

function alignOf(look: Pick<ColumnLook<never>, "align"> | undefined): string {
  return ALIGN[look?.align ?? "left"];
}

/** Body cells sit at the top of their row (rows hold multi-line cells), centred ones in the middle. */
function verticalOf(look: Pick<ColumnLook<never>, "align"> | undefined): string {
  return look?.align === "center" ? "align-middle" : "align-top";
}

/**
 * A header or cell template, called rather than mounted as a component: column definitions are
 * fresh closures on every render, and mounting them would replace every cell (and its focus) each time.
 */
function render<C>(template: string | ((context: C) => ReactNode) | undefined, context: C): ReactNode {
  return typeof template === "function" ? template(context) : template;
}

function cx(...classes: (string | false | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

export function DataTable<TRow extends RowData>({ testId, caption, captionClassName, className, wrapperClassName, rowProps, sort, scroll, ...model }: Props<TRow>) {
  const table = tableModel({ ...model, sorting: sort ? sortingState(sort) : undefined });
  const headers = table.getHeaderGroups()[0].headers;
  const rows = table.getRowModel().rows;
  const cellsOf = rowCells(table);
  const virtual = scroll !== undefined && rows.length > VIRTUAL_ABOVE;

  const body = rows.map((row, i) => {
    const { className: rowClass, ...rest } = rowProps?.(row.original) ?? {};
    return (
      <tr key={row.id} {...rest} className={cx("border-b border-slate-100 last:border-0", rowClass)} {...(virtual ? { "data-index": i, "aria-rowindex": i + 2 } : {})}>
        {cellsOf(row).map(({ cell, context }) => {
          const look = cell.column.columnDef.meta;
          const { className: cellClass, ...attrs } = look?.cellProps?.(row.original) ?? {};
          const classes = cx("px-2 py-1.5", verticalOf(look), alignOf(look), look?.className, look?.cellClassName, cellClass);
          const content = render(cell.column.columnDef.cell, context);
          return look?.rowHeader ? (
            <th key={cell.id} scope="row" {...attrs} className={cx("font-normal", classes)}>
              {content}
            </th>
          ) : (
            <td key={cell.id} {...attrs} className={classes}>
              {content}
            </td>
          );
        })}
      </tr>
    );
  });

  // A visible caption is shown above the table's scrolling region, not inside it: a caption inside
  // scrolled sideways with a wide table and ran off a phone's screen. The table keeps it as its
  // accessible name (a caption for screen readers only); the copy above is hidden from them.
  const visibleCaption = caption && captionClassName !== "sr-only" ? <div aria-hidden className={captionClassName ?? "pb-2 text-left text-xs text-slate-500"}>{caption}</div> : null;
  const tableElement = (
    <table className={cx("text-sm", className)} data-testid={testId} {...(virtual ? { "aria-rowcount": rows.length + 1 } : {})}>
      {caption && <caption className={visibleCaption ? "sr-only" : captionClassName}>{caption}</caption>}
      <thead className={scroll ? "sticky top-0 z-10 bg-white shadow-[0_1px_0_#e2e8f0]" : undefined}>
        <tr className="border-b border-slate-200">
          {headers.map((header) => {
            const column = header.column;
            const look = column.columnDef.meta;
            const label = render(column.columnDef.header, header.getContext());
            // A column without a header (the corner of a matrix) gets an empty cell, not an unnamed column header.
            if (label === null || label === undefined) return <td key={header.id} aria-hidden />;
            const sortable = sort !== undefined && column.getCanSort();
            return (
              <th
                key={header.id}
                scope="col"
                aria-sort={sortable ? ariaSort(column.getIsSorted()) : undefined}
                title={sortable ? undefined : look?.title}
                className={cx("px-2 py-1.5 align-bottom text-xs font-medium text-slate-500", alignOf(look), look?.className, look?.headerClassName)}
              >
                {sortable ? <SortButton label={label} direction={column.getIsSorted()} title={look?.title} onClick={() => sort.onSort(column.id)} /> : label}
              </th>
            );
          })}
        </tr>
      </thead>
      {virtual ? <VirtualRows rows={body} columnCount={headers.length} rowHeight={scroll.rowHeight ?? 48} /> : <tbody>{body}</tbody>}
    </table>
  );

  // Focusable, so that a table wider than the screen can be scrolled from the keyboard (axe: scrollable-region-focusable).
  return (
    <>
      {visibleCaption}
      {scroll ? (
        <div data-table-scroll role="region" aria-label={scroll.label} tabIndex={0} className={cx("overflow-auto rounded border border-slate-100", wrapperClassName)} style={{ maxHeight: scroll.maxHeight }}>
          {tableElement}
        </div>
      ) : (
        <div role="region" aria-label={typeof caption === "string" ? caption : "Table"} tabIndex={0} className={wrapperClassName ?? "overflow-x-auto"}>
          {tableElement}
        </div>
      )}
    </>
  );
}
