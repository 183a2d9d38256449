// One line of a results file → a typed record, or the message that says what is wrong with it.
import { issueMessage, show } from "./messages";
import { KNOWN_FIELDS, OPTIONAL_FIELDS, SCHEMAS } from "./schemas";
import { RECORD_TYPES, type RecordType, type ResultRecord } from "./types";

export type LineResult =
  | { ok: true; record: ResultRecord; warning?: string }
  | { ok: false; message: string; /** the line's `id` when it was a rejected sample line */ sampleId?: string };

const MAX_JSON_ERROR = 160;

function describeKind(v: unknown): string {
  if (Array.isArray(v)) return "an array";
  if (v === null) return "null";
  return show(v);
}

/** Validates the text of one non-blank line (already decoded, without its line break). */
export function validateLine(text: string): LineResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const detail = (err as Error).message;
    return { ok: false, message: `invalid JSON: ${detail.length > MAX_JSON_ERROR ? `${detail.slice(0, MAX_JSON_ERROR)}…` : detail}` };
  }
  return validateValue(value);
}

/** Validates one parsed line, or one record a converter produced from another tool's file. */
export function validateValue(value: unknown): LineResult {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, message: `must be a JSON object (got ${describeKind(value)})` };
  }
  const obj = value as Record<string, unknown>;
  const type = obj.type;
  if (type === undefined) return { ok: false, message: `"type" is required` };
  if (typeof type !== "string" || !(RECORD_TYPES as readonly string[]).includes(type)) {
    return { ok: false, message: `"type" must be one of ${RECORD_TYPES.map((t) => `"${t}"`).join(", ")} (got ${show(type)})` };
  }
  const kind = type as RecordType;
  const input = withoutNullOptionals(obj, OPTIONAL_FIELDS[kind]);
  const parsed = SCHEMAS[kind].safeParse(input);
  if (!parsed.success) {
    const message = issueMessage(parsed.error.issues[0], input);
    return kind === "sample" && typeof obj.id === "string" ? { ok: false, message, sampleId: obj.id } : { ok: false, message };
  }
  const unknown = Object.keys(obj).filter((k) => !KNOWN_FIELDS[kind].has(k));
  const record = parsed.data as ResultRecord;
  if (unknown.length === 0) return { ok: true, record };
  const listed = unknown.slice(0, 5).map((k) => show(k));
  const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : "";
  return { ok: true, record, warning: `unknown field${unknown.length > 1 ? "s" : ""} ${listed.join(", ")}${more} ignored` };
}

function withoutNullOptionals(obj: Record<string, unknown>, optional: ReadonlySet<string>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of optional) {
    if (obj[key] === null) {
      out ??= { ...obj };
      delete out[key];
    }
  }
  return out ?? obj;
}
