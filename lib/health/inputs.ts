/**
 * Empty and trivial inputs. A sample's input is empty when nothing but whitespace is left and
 * it has no image; trivial when it has fewer than MIN_CHARS visible characters or no letter or
 * digit at all (Unicode \p{L}, \p{N}) and no image: nothing a model could be asked about.
 */
export const MIN_CHARS = 3;

export type InputProblem = "empty_input" | "trivial_input";

export function inputProblem(input: string, hasImage: boolean): InputProblem | null {
  if (hasImage) return null;
  const visible = input.replace(/\s+/g, "");
  if (visible === "") return "empty_input";
  return visible.length < MIN_CHARS || !/[\p{L}\p{N}]/u.test(visible) ? "trivial_input" : null;
}
