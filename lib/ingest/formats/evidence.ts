// Model outputs kept as evidence (spec v1.1: at most 256 KiB each, longer is rejected). The spec's
// rejection is for lines written to the format; a tool's file is converted, and its output never
// decides a ranking, so an over-long one is cut to the limit (the cut is marked) rather than
// rejecting the measurement it belongs to. The converted line then passes the same check.
import { MAX_OUTPUT_BYTES } from "../limits";

export { MAX_OUTPUT_BYTES };
const MARK = "\n[… cut at 256 KiB by the importer]";

export function evidence(text: unknown): string | undefined {
  if (typeof text !== "string" || text === "") return undefined;
  if (text.length * 3 <= MAX_OUTPUT_BYTES || Buffer.byteLength(text, "utf8") <= MAX_OUTPUT_BYTES) return storable(text);
  const room = MAX_OUTPUT_BYTES - Buffer.byteLength(MARK, "utf8");
  // Cut on a character boundary: decoding a byte prefix drops a split trailing character.
  const cut = Buffer.from(text, "utf8").subarray(0, room).toString("utf8").replace(/\uFFFD$/, "");
  return storable(cut + MARK);
}

/** Postgres text cannot hold U+0000 or unpaired surrogates (which JSON escapes can produce). */
function storable(text: string): string {
  return text.replaceAll("\u0000", "").toWellFormed();
}

/** Text of a chat message's content: a string, or a list of parts of which the text ones count. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => (part && typeof part === "object" && typeof (part as { text?: unknown }).text === "string" ? (part as { text: string }).text : ""))
    .filter((t) => t !== "")
    .join("\n");
}
