// Short previews of sample text for lists: at most `max` characters, cut at a word boundary when one
// is near, with an ellipsis that counts towards the limit.
export const EXCERPT_CHARS = 300;

export function excerpt(text: string, max = EXCERPT_CHARS): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd() + "…";
}
