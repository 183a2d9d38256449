// Long model outputs are folded to their start. The sample page sends only that start of each
// output (an arena sample can hold hundreds of multi-KB answers, and every byte is in the HTML
// and again in the page's flight data); the whole text is fetched when a reader unfolds or
// searches (components/evidence/sample-outputs-client.tsx).
import type { SampleOutput } from "./outputs";

/** Outputs longer than this many characters (or lines) are folded to their start. */
export const FOLD_CHARS = 600;
export const FOLD_LINES = 12;

/** Where a folded output ends, or null when the text is short enough to show whole. */
export function foldAt(text: string): number | null {
  let end = Math.min(text.length, FOLD_CHARS);
  let lines = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10 && ++lines >= FOLD_LINES) end = i;
  }
  if (end >= text.length) return null;
  // Never split a surrogate pair: the preview must stay valid UTF-16.
  const c = text.charCodeAt(end - 1);
  return c >= 0xd800 && c <= 0xdbff ? end - 1 : end;
}

const fold = (text: string) => text.slice(0, foldAt(text) ?? text.length);

/** The outputs with each text cut at its fold; the lengths still give the whole texts'. */
export function previewOutputs(outputs: readonly SampleOutput[]): SampleOutput[] {
  return outputs.map((o) =>
    o.kind === "pairwise"
      ? { ...o, output_a: o.output_a === null ? null : fold(o.output_a), output_b: o.output_b === null ? null : fold(o.output_b) }
      : { ...o, output: fold(o.output) },
  );
}

/** Whether some output of the list is only its start. */
export function isPartial(outputs: readonly SampleOutput[]): boolean {
  return outputs.some((o) =>
    o.kind === "pairwise" ? (o.output_a?.length ?? 0) < (o.length_a ?? 0) || (o.output_b?.length ?? 0) < (o.length_b ?? 0) : o.output.length < o.length,
  );
}
