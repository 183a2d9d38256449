// What a text parameter may contain before it reaches the database or a page. Postgres text cannot
// hold NUL (the whole statement fails: `invalid byte sequence for encoding "UTF8": 0x00`), an
// unpaired UTF-16 surrogate has no UTF-8 form, and other C0 control characters are never part of a
// name or a query; all three are the client's mistake, so they are refused with a 400 here rather
// than failing later as a 500. Tab, line feed and carriage return stay allowed (pasted text).

/** Why the text cannot be used, or null when it can. */
export function textProblem(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return "must not contain a NUL byte";
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return `must not contain control characters (found U+${c.toString(16).toUpperCase().padStart(4, "0")})`;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return "must be valid Unicode (it has an unpaired surrogate)";
    }
    if (c >= 0xdc00 && c <= 0xdfff) return "must be valid Unicode (it has an unpaired surrogate)";
  }
  return null;
}

/** Decodes one percent-encoded path segment; null when its escapes are not valid UTF-8. */
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
