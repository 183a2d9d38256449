// One parser for API routes and pages alike: a route hands over its URLSearchParams, a page the
// plain `searchParams` object Next gives it; both get the same data, or the same message naming
// the parameter (parseQuery: a 400 in routes, an error state in pages).
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { fromRecord } from "./url";

/** A page's `searchParams` prop: repeated keys as arrays. */
export type PageSearchParams = Record<string, string | string[] | undefined>;

/** Parses with a selection schema (./schema.ts, ./route-schemas.ts); throws a 400 ApiError naming the parameter. */
export function parseParams<S extends z.ZodType>(input: URLSearchParams | PageSearchParams, schema: S): z.infer<S> {
  return parseQuery(input instanceof URLSearchParams ? input : fromRecord(input), schema);
}

export type ParsedParams<T> = { data: T; error: null } | { data: null; error: string };

/** The same parse for pages, which show the message instead of answering 400. */
export function tryParseParams<S extends z.ZodType>(input: URLSearchParams | PageSearchParams, schema: S): ParsedParams<z.infer<S>> {
  try {
    return { data: parseParams(input, schema), error: null };
  } catch (err) {
    if (err instanceof ApiError) return { data: null, error: err.message };
    throw err;
  }
}

/** Collects a URLSearchParams into an object; repeated keys become arrays. */
export function searchParamsObject(sp: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(sp.keys())) {
    const all = sp.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

/**
 * Parses query parameters with a zod schema; the error names the parameter as it is written in the
 * URL (`benchmark`, not the schema's `benchmark.0`), which of its values when it was given several,
 * and says so plainly when a parameter taken once was given more than once.
 */
export function parseQuery<S extends z.ZodType>(sp: URLSearchParams, schema: S): z.infer<S> {
  const parsed = schema.safeParse(searchParamsObject(sp));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const [key, index] = issue.path;
    if (key === undefined) throw new ApiError("bad_request", `Parameter "query": ${issue.message}`);
    const name = String(key);
    const given = sp.getAll(name).length;
    if (typeof index === "number") {
      throw new ApiError("bad_request", `Parameter "${name}"${given > 1 ? ` (value ${index + 1} of ${given})` : ""}: ${issue.message}`);
    }
    // A parameter read once, sent several times: its value became a list the schema does not take.
    // Told by the schema itself: its first value alone passes, the same value twice does not (a
    // repeatable parameter takes both, so its own errors, "at most 100 times", stay).
    if (given > 1 && takesOneValue(sp, schema, name)) throw new ApiError("bad_request", `Parameter "${name}" was given ${given} times: give it once`);
    throw new ApiError("bad_request", `Parameter "${name}": ${issue.message}`);
  }
  return parsed.data;
}

/** Whether parameter `name` takes a single value: its first value alone raises no issue of its own, twice it does. */
function takesOneValue(sp: URLSearchParams, schema: z.ZodType, name: string): boolean {
  const values = searchParamsObject(sp);
  const issuesOf = (v: unknown) => {
    const r = schema.safeParse({ ...values, [name]: v });
    return r.success ? 0 : r.error.issues.filter((i) => i.path[0] === name).length;
  };
  const first = sp.get(name)!;
  return issuesOf(first) === 0 && issuesOf([first, first]) > 0;
}
