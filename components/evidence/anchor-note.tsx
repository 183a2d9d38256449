/** Said on a row fitted against another anchor than the page's, because the page's has no data there. */
export function AnchorNote({ anchor, wanted }: { anchor: string; wanted: string }) {
  if (anchor === wanted) return null;
  return (
    <span className="block text-xs text-amber-700">
      relative to {anchor} (no data for {wanted})
    </span>
  );
}
