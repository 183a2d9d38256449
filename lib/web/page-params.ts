// Which page views carry query parameters that their page cannot accept. A server component cannot
// set its own status, so proxy.ts asks this before rendering and answers such a view with 400; the
// page itself then shows the same message (same schema, same parser) inside the layout.
import type { z } from "zod";
import { tryParseParams } from "@/lib/selection/parse";
import { compareQuerySchema, modelQuerySchema, samplesQuerySchema } from "@/lib/selection/route-schemas";
import { aggregationSchema, leaderboardQuerySchema } from "@/lib/selection/schema";
import { hasAggregationOverride, withoutEmpty } from "@/lib/selection/url";

interface PageParams {
  path: RegExp;
  schema: z.ZodType;
  /** The page first redirects to its URL without empty values (lib/selection/url.ts withoutEmpty). */
  cleans?: boolean;
  /** Only these parameters are read, and only when `when` holds (a saved leaderboard's view overrides). */
  when?: (sp: URLSearchParams) => boolean;
}

const PAGES: PageParams[] = [
  { path: /^\/leaderboard$/, schema: leaderboardQuerySchema, cleans: true },
  { path: /^\/query$/, schema: leaderboardQuerySchema, cleans: true },
  { path: /^\/samples$/, schema: samplesQuerySchema },
  { path: /^\/compare$/, schema: compareQuerySchema },
  { path: /^\/models\/[^/]+$/, schema: modelQuerySchema },
  { path: /^\/leaderboards\/[^/]+$/, schema: aggregationSchema, when: hasAggregationOverride },
];

/** The message naming the first invalid parameter of this page view, or null (valid, or not a page that reads any). */
export function pageParamsProblem(pathname: string, sp: URLSearchParams): string | null {
  const page = PAGES.find((p) => p.path.test(pathname));
  if (!page || (page.cleans && withoutEmpty(sp)) || (page.when && !page.when(sp))) return null;
  return tryParseParams(sp, page.schema).error;
}
