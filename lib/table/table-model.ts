// The headless model behind every data table of the portal (TanStack Table): which columns show,
// how each column looks, and which one the rows are sorted by. The markup is components/table.
//
// It is built with table-core's constructTable rather than React's useTable hook, so server
// components (which cannot call hooks) and client components render tables the same way. Every
// piece of state (hidden columns, sorting) comes from the caller, so nothing is kept between renders.
import type { HTMLAttributes, TdHTMLAttributes } from "react";
import {
  columnVisibilityFeature,
  constructCell,
  constructTable,
  createColumnHelper,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
  type CellContext,
  type ColumnDef,
  type Row,
  type RowData,
  type SortDirection,
  type SortingState,
} from "@tanstack/table-core";
import { cell_getContext } from "@tanstack/table-core/static-functions";
import { storeReactivityBindings } from "@tanstack/table-core/store-reactivity-bindings";

export type DataAttributes = { [key: `data-${string}`]: string | number | undefined };
export type RowProps = HTMLAttributes<HTMLTableRowElement> & DataAttributes;
export type CellProps = TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;

/** How a column looks, beyond its header and cells (the column's `meta`). */
export interface ColumnLook<TRow extends RowData> {
  /** Numbers are right-aligned; "center" also centres vertically. Default left. */
  align?: "left" | "right" | "center";
  /** The column's cells head their rows (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Classes of the header and the body cells alike (width, sticky, shown from a breakpoint). */
  className?: string;
  headerClassName?: string;
  /** Classes of the body cells only (font, colour, clamping). */
  cellClassName?: string;
  /** Tooltip of the header: what the column means. */
  title?: string;
  /** Attributes of one body cell (a tooltip, data-*, a colour). */
  cellProps?: (row: TRow) => CellProps;
}

function features<TRow extends RowData>() {
  return tableFeatures({
    coreReactivityFeature: storeReactivityBindings(),
    columnVisibilityFeature,
    rowSortingFeature,
    columnMeta: metaHelper<ColumnLook<TRow>>(),
  });
}

export type TableFeaturesOf<TRow extends RowData> = ReturnType<typeof features<TRow>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column keeps its own value type (helper.columns); a list of them is `any`-valued, as in TanStack's own signature
export type Columns<TRow extends RowData> = ColumnDef<TableFeaturesOf<TRow>, TRow, any>[];

/** The column helper of a table of `TRow`s: `columnsOf<Row>().accessor("name", { header: "Name" })`. */
export function columnsOf<TRow extends RowData>() {
  return createColumnHelper<TableFeaturesOf<TRow>, TRow>();
}

export interface TableModelInput<TRow extends RowData> {
  rows: readonly TRow[];
  columns: Columns<TRow>;
  /** A stable key of a row (its position when rows have nothing better). */
  rowId: (row: TRow, index: number) => string;
  /** Ids of the columns not shown (e.g. a column every row would leave empty). */
  hidden?: readonly string[];
  /** The sort the rows are in; given only for tables whose headers sort. */
  sorting?: SortingState;
}

export function tableModel<TRow extends RowData>({ rows, columns, rowId, hidden = [], sorting }: TableModelInput<TRow>) {
  return constructTable({
    features: features<TRow>(),
    columns,
    data: rows as TRow[],
    getRowId: rowId,
    state: { columnVisibility: Object.fromEntries(hidden.map((id) => [id, false])), sorting: sorting ?? [] },
    enableSorting: sorting !== undefined,
    // Rows arrive already in the order to show: a sorted view's order comes from its URL (sort=)
    // and is shared with its exports, so the table only displays it.
    manualSorting: true,
  });
}

export type TableModel<TRow extends RowData> = ReturnType<typeof tableModel<TRow>>;

/**
 * The cells of a row the table shows (its visible columns, in order), each with the context its
 * template is called with: what row.getVisibleCells() and cell.getContext() give, built directly.
 * Those methods set up a memo per row and per cell on their first call; a table model is built
 * afresh for every render and asked once, so the set-up was all they cost (half the CPU of
 * rendering a 60-row leaderboard table).
 */
export function rowCells<TRow extends RowData>(table: TableModel<TRow>) {
  const columns = table.getVisibleLeafColumns();
  return (row: Row<TableFeaturesOf<TRow>, TRow>) =>
    columns.map((column) => {
      const cell = constructCell(column, row, table);
      // The same object cell.getContext() returns; only its getValue is declared less generically.
      return { cell, context: cell_getContext(cell) as CellContext<TableFeaturesOf<TRow>, TRow, unknown> };
    });
}

/** The table sorting state of a one-column sort such as the URL's `sort=-score`. */
export function sortingState(sort: { key: string; desc: boolean }): SortingState {
  return [{ id: sort.key, desc: sort.desc }];
}

/** The `aria-sort` of a sortable column header. */
export function ariaSort(direction: false | SortDirection): "ascending" | "descending" | "none" {
  return direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none";
}
