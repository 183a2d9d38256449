// URLs of the evidence pages. Sample ids contain slashes (`mmlu-pro/70`): each path segment is
// encoded on its own and the catch-all route joins them again.

export function sampleHref(id: string): string {
  return `/samples/${id.split("/").map(encodeURIComponent).join("/")}`;
}

/** The sample id from the catch-all route's segments (Next.js hands them over decoded). */
export function sampleIdFromSegments(segments: string | string[] | undefined): string {
  if (segments === undefined) return "";
  return Array.isArray(segments) ? segments.join("/") : segments;
}
