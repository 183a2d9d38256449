// A mark for a 95% interval that runs past a chart's axis. The score charts (a model's standings,
// compare's bars) span the scores, not the intervals, so that one thin model's huge interval does
// not squash every bar; the whisker is then cut at the axis — and a cut whisker's cap looked like
// the interval's real end. This draws an arrowhead over the cut end instead, from the bar's own
// geometry (a bar spans 0 to its score, so its length gives the scale), as a LabelList content.

/** Which ends of [lo, hi] the axis [axisLo, axisHi] cuts: "lo", "hi", "both" or null. */
export function cutEnds(ci: [number, number] | null, axisLo: number, axisHi: number): "lo" | "hi" | "both" | null {
  if (!ci) return null;
  const lo = ci[0] < axisLo;
  const hi = ci[1] > axisHi;
  return lo && hi ? "both" : lo ? "lo" : hi ? "hi" : null;
}

interface LabelProps {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  height?: number | string;
  value?: unknown;
}

const ARROW = 6;

/**
 * LabelList content drawing an arrowhead at each cut end of a bar's interval. `value` is the row's
 * [score, cut] (dataKey of a field holding both); `horizontal`: bars grow along x (layout vertical).
 */
export function cutMarks(axisLo: number, axisHi: number, horizontal: boolean) {
  const CutMark = (p: LabelProps) => {
    const [score, cut] = (Array.isArray(p.value) ? p.value : [null, null]) as [number | null, ReturnType<typeof cutEnds>];
    if (!cut || score === null || score === 0) return null;
    const [x, y, w, h] = [p.x, p.y, p.width, p.height].map(Number);
    const cx = x + w / 2;
    const length = Math.abs(horizontal ? w : h);
    if (!(length > 0)) return null;
    const scale = length / Math.abs(score);
    const ends = cut === "both" ? (["lo", "hi"] as const) : [cut];
    return (
      <g data-testid="cut-interval" aria-hidden>
        {ends.map((end) => {
          const v = end === "lo" ? axisLo : axisHi;
          // The bar's end at 0, whichever sign Recharts gave its width or height.
          if (horizontal) {
            const zero = score >= 0 ? Math.min(x, x + w) : Math.max(x, x + w);
            const px = zero + v * scale;
            const cy = y + h / 2;
            const d = end === "hi" ? `M${px},${cy} l${-ARROW},${-ARROW / 1.5} l0,${(2 * ARROW) / 1.5} z` : `M${px},${cy} l${ARROW},${-ARROW / 1.5} l0,${(2 * ARROW) / 1.5} z`;
            return <path key={end} d={d} fill="#334155" />;
          }
          const zero = score >= 0 ? Math.max(y, y + h) : Math.min(y, y + h);
          const py = zero - v * scale;
          const d = end === "hi" ? `M${cx},${py} l${-ARROW / 1.5},${ARROW} l${(2 * ARROW) / 1.5},0 z` : `M${cx},${py} l${-ARROW / 1.5},${-ARROW} l${(2 * ARROW) / 1.5},0 z`;
          return <path key={end} d={d} fill="#334155" />;
        })}
      </g>
    );
  };
  return CutMark;
}
