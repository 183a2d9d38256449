// Turns validation problems into the spec's messages: the field, what it must be, and what it was,
// e.g. `"value" must be a finite number (got "n/a")`.
import type { core } from "zod";

const MAX_SHOWN = 60;

/** A value as the message quotes it: JSON, cut to a readable length. */
export function show(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "number") return Number.isNaN(value) ? "NaN" : String(value);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** `"ranking"[1][0]`, `"metadata"."a"`: the first key names the field, the rest locate the value. */
export function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "the line";
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? `"${String(p)}"` : `."${String(p)}"`)).join("");
}

export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

const EXPECTED: Record<string, string> = {
  string: "a string",
  number: "a finite number",
  boolean: "true or false",
  array: "an array",
  object: "an object",
  record: "an object",
  tuple: "an array",
};

function quoteList(values: readonly unknown[]): string {
  const q = values.map((v) => JSON.stringify(v));
  return q.length <= 1 ? q.join("") : `${q.slice(0, -1).join(", ")} or ${q[q.length - 1]}`;
}

/** The phrase after the field name for one zod issue, e.g. `must be a finite number (got "n/a")`. */
function describe(issue: core.$ZodIssue, got: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      if (got === undefined) return "is required";
      return `must be ${EXPECTED[issue.expected] ?? issue.expected} (got ${show(got)})`;
    case "too_small":
      if (issue.origin === "string" || issue.origin === "array") {
        return Number(issue.minimum) <= 1 ? "must not be empty" : `must have at least ${issue.minimum} items (got ${(got as unknown[]).length})`;
      }
      return `must be ${issue.inclusive ? "at least" : "greater than"} ${issue.minimum} (got ${show(got)})`;
    case "too_big":
      if (issue.origin === "string") return `must be at most ${issue.maximum} characters (got ${(got as string).length})`;
      if (issue.origin === "array") return `must have at most ${issue.maximum} items (got ${(got as unknown[]).length})`;
      return `must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum} (got ${show(got)})`;
    case "invalid_value":
      return `must be ${issue.values.length === 1 ? "" : "one of "}${quoteList(issue.values)} (got ${show(got)})`;
    default:
      return issue.message;
  }
}

/** The message of the first issue (one problem per line is enough to fix it, and stays short). */
export function issueMessage(issue: core.$ZodIssue, root: unknown): string {
  const got = valueAt(root, issue.path);
  return `${fieldName(issue.path)} ${describe(issue, got)}`;
}
