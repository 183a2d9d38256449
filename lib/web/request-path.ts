// A request path whose segments cannot be decoded (`%ZZ`, `%ED%A0%80`: escapes that are not UTF-8)
// or decode to text the database cannot take (NUL, control characters) names nothing the portal
// holds. Next.js would fail on it inside its router with a text/plain 500, so the proxy answers first.
import { decodePathSegment, textProblem } from "@/lib/selection/text";

/** Why the path is malformed, naming the segment, or null when every segment is usable. */
export function pathProblem(pathname: string): string | null {
  for (const segment of pathname.split("/")) {
    if (segment === "") continue;
    const decoded = decodePathSegment(segment);
    const shown = segment.length > 60 ? `${segment.slice(0, 60)}…` : segment;
    if (decoded === null) return `Path segment "${shown}" has a percent-escape that is not valid UTF-8`;
    const problem = textProblem(decoded);
    if (problem) return `Path segment "${shown}" ${problem}`;
  }
  return null;
}
