// Pages receive their search parameters as a plain object; parse them with a route's zod schema so
// pages and API routes accept exactly the same parameters and report the same messages.
import type { z } from "zod";

export type PageSearchParams = Record<string, string | string[] | undefined>;

export function parsePageQuery<S extends z.ZodType>(sp: PageSearchParams, schema: S): { data: z.infer<S>; error: null } | { data: null; error: string } {
  const clean: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(sp)) if (v !== undefined) clean[k] = v;
  const parsed = schema.safeParse(clean);
  if (parsed.success) return { data: parsed.data, error: null };
  const issue = parsed.error.issues[0];
  return { data: null, error: `Parameter "${issue.path.join(".") || "query"}": ${issue.message}` };
}
