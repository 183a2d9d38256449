"use client";

// The body of a long table, drawn a window at a time (TanStack Virtual): only the rows near the
// scrolled-to place are in the document, with spacer rows above and below keeping the scroll
// height. The rows are rendered by the table (on the server too) and handed over as they are.
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";

/** Before the browser has measured anything (server render, hydration) this much is drawn. */
const FIRST_PAINT_HEIGHT = 900;

export function VirtualRows({ rows, columnCount, rowHeight }: { rows: ReactNode[]; columnCount: number; rowHeight: number }) {
  const body = useRef<HTMLTableSectionElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the portal does not run the React Compiler, so nothing here is memoised behind the virtualizer's back
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => body.current?.closest<HTMLElement>("[data-table-scroll]") ?? null,
    estimateSize: () => rowHeight,
    overscan: 12,
    initialRect: { width: 0, height: FIRST_PAINT_HEIGHT },
  });
  const items = virtualizer.getVirtualItems();
  // The rows come pre-rendered, so they are measured after each paint rather than through a ref;
  // each carries its index in data-index.
  useLayoutEffect(() => {
    body.current?.querySelectorAll<HTMLTableRowElement>(":scope > tr[data-index]").forEach((tr) => virtualizer.measureElement(tr));
  });
  const before = items.length ? items[0].start : 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <tbody ref={body}>
      {before > 0 && <Spacer height={before} columnCount={columnCount} />}
      {items.map((item) => rows[item.index])}
      {after > 0 && <Spacer height={after} columnCount={columnCount} />}
    </tbody>
  );
}

function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={columnCount} className="p-0" />
    </tr>
  );
}
