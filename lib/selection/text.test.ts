import { describe, expect, it } from "vitest";
import { decodePathSegment, textProblem } from "./text";

describe("textProblem", () => {
  it("accepts ordinary text, astral characters, tabs and line breaks", () => {
    for (const ok of ["antibodies", "Grüße 😀 文字", "a\tb\nc\r\n", "' OR 1=1 --", "<script>", "\u202Eevil"]) expect(textProblem(ok)).toBeNull();
  });

  it("refuses NUL, other control characters and unpaired surrogates, naming what it found", () => {
    expect(textProblem("a\u0000b")).toBe("must not contain a NUL byte");
    expect(textProblem("\u0007")).toBe("must not contain control characters (found U+0007)");
    expect(textProblem("\u007f")).toBe("must not contain control characters (found U+007F)");
    for (const bad of ["\uD800", "x\uDFFF", "\uDBFFz", "\uDC00\uD800"]) expect(textProblem(bad)).toMatch(/unpaired surrogate/);
  });
});

describe("decodePathSegment", () => {
  it("decodes valid escapes and refuses escapes that are not UTF-8", () => {
    expect(decodePathSegment("GPT%204")).toBe("GPT 4");
    expect(decodePathSegment("%F0%9F%98%80")).toBe("😀");
    for (const bad of ["%ZZ", "%ED%A0%80", "%", "%C0%AF", "%E0%80"]) expect(decodePathSegment(bad)).toBeNull();
  });
});
