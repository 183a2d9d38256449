import { describe, expect, it } from "vitest";
import { parseSort, shownRows, type SortableRow as Row } from "@/lib/leaderboard/view-state";
import { ariaSort, columnsOf, rowCells, sortingState, tableModel } from "./table-model";

const ROWS: Row[] = [
  { model: "b-model", rank: 1, score: 1.2, p_beats_baseline: 0.8, win_rate: null, n_samples: 40 },
  { model: "a-model", rank: 2, score: 0.4, p_beats_baseline: 0.6, win_rate: null, n_samples: 90 },
  { model: "base", rank: 3, score: 0, p_beats_baseline: null, win_rate: null, n_samples: 60 },
];

const h = columnsOf<Row>();
const COLUMNS = h.columns([
  h.accessor("rank", { header: "Rank" }),
  h.accessor("model", { header: "Model" }),
  h.accessor("score", { header: "Score" }),
  h.display({ id: "bar", header: "Interval chart" }),
  h.accessor("p_beats_baseline", { id: "p", header: "P(beats baseline)" }),
  h.accessor((r) => r.win_rate?.weighted ?? null, { id: "win", header: "Win rate" }),
  h.accessor("n_samples", { id: "n", header: "Samples" }),
]);

const headers = (t: ReturnType<typeof tableModel<Row>>) => t.getHeaderGroups()[0].headers.map((x) => x.column);

describe("the table model of a URL-sorted view", () => {
  it("shows the URL's sort on its column header and no other", () => {
    const sort = parseSort("-n");
    const t = tableModel({ rows: shownRows(ROWS, sort), columns: COLUMNS, rowId: (r) => r.model, sorting: sortingState(sort) });
    expect(headers(t).map((c) => [c.id, ariaSort(c.getIsSorted())])).toEqual([
      ["rank", "none"],
      ["model", "none"],
      ["score", "none"],
      ["bar", "none"],
      ["p", "none"],
      ["win", "none"],
      ["n", "descending"],
    ]);
    expect(headers(t).filter((c) => c.getCanSort()).map((c) => c.id)).toEqual(["rank", "model", "score", "p", "win", "n"]);
  });

  it("keeps the rows in the order given, which is the order exports write", () => {
    for (const raw of ["-n", "model", "score", "-score", "p", "-p", null]) {
      const sort = parseSort(raw);
      const shown = shownRows(ROWS, sort);
      const t = tableModel({ rows: shown, columns: COLUMNS, rowId: (r) => r.model, sorting: sortingState(sort) });
      expect(t.getRowModel().rows.map((r) => r.id)).toEqual(shown.map((r) => r.model));
    }
    expect(shownRows(ROWS, parseSort("-n")).map((r) => r.model)).toEqual(["a-model", "base", "b-model"]);
  });

  it("hides the columns it is told to, in headers and cells alike", () => {
    const t = tableModel({ rows: ROWS, columns: COLUMNS, rowId: (r) => r.model, hidden: ["p", "win"] });
    expect(headers(t).map((c) => c.id)).toEqual(["rank", "model", "score", "bar", "n"]);
    expect(t.getRowModel().rows[0].getVisibleCells().map((c) => c.column.id)).toEqual(["rank", "model", "score", "bar", "n"]);
    expect(t.getRowModel().rows[0].getVisibleCells().map((c) => c.getValue())).toEqual([1, "b-model", 1.2, undefined, 40]);
  });

  it("gives each row's shown cells and template contexts as TanStack's getVisibleCells and getContext do", () => {
    const t = tableModel({ rows: ROWS, columns: COLUMNS, rowId: (r) => r.model, hidden: ["p", "bar"] });
    const cellsOf = rowCells(t);
    for (const row of t.getRowModel().rows) {
      const ours = cellsOf(row);
      const theirs = row.getVisibleCells();
      expect(ours.map(({ cell }) => cell.id)).toEqual(theirs.map((c) => c.id));
      expect(ours.map(({ cell }) => cell.column)).toEqual(theirs.map((c) => c.column));
      const contexts = theirs.map((c) => c.getContext());
      expect(ours.map(({ context }) => [context.getValue(), context.renderValue(), context.row, context.column, context.table, context.cell.id])).toEqual(
        contexts.map((c) => [c.getValue(), c.renderValue(), c.row, c.column, c.table, c.cell.id]),
      );
    }
    expect(cellsOf(t.getRowModel().rows[1]).map(({ context }) => context.getValue())).toEqual([2, "a-model", 0.4, null, 90]);
  });

  it("has no sortable header when the view is not sorted by the user", () => {
    const t = tableModel({ rows: ROWS, columns: COLUMNS, rowId: (r) => r.model });
    expect(headers(t).some((c) => c.getCanSort())).toBe(false);
  });
});

describe("ariaSort", () => {
  it("names the direction the way assistive technology expects", () => {
    expect(ariaSort("asc")).toBe("ascending");
    expect(ariaSort("desc")).toBe("descending");
    expect(ariaSort(false)).toBe("none");
  });
});
