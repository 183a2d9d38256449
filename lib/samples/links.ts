// URLs of the evidence pages. Sample ids contain slashes (`mmlu-pro/70`): each path segment is
// encoded on its own and the catch-all route joins them again.

export function sampleHref(id: string): string {
  return `/samples/${id.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * Dynamic segments as Next.js 16 hands them over: decoded in route handlers, still percent-encoded
 * in pages (measured: `/models/GPT%204` gives a page "GPT%204", a route handler "GPT 4"). Pages
 * pass `encoded: true` to decode them exactly once.
 */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The sample id from the catch-all route's segments. */
export function sampleIdFromSegments(segments: string | string[] | undefined, opts: { encoded?: boolean } = {}): string {
  if (segments === undefined) return "";
  const list = (Array.isArray(segments) ? segments : [segments]).map((s) => (opts.encoded ? decodeSegment(s) : s));
  return list.join("/");
}
