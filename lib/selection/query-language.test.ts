import { describe, expect, it } from "vitest";
import { formatQuery, parseQuery, QuerySyntaxError } from "./query-language";

/** The field-like words of q as its parse names them; none when it does not parse. */
function fieldLikeWords(q: string) {
  try {
    return parseQuery(q).fieldLike;
  } catch {
    return [];
  }
}

describe("query language", () => {
  it("keeps plain text as one concept, lower-case and/or included", () => {
    const p = parseQuery("salt and pepper or vinegar");
    expect(p.groups).toEqual([[{ text: "salt and pepper or vinegar", phrases: [] }]]);
    expect(p.exclude).toEqual([]);
  });

  it("reads phrases, exclusions, field terms and AND/OR between concepts", () => {
    const p = parseQuery('"international law" treaty AND court OR python -snake -"monty python" tag:law meta.src:"ori mmlu" benchmark:mmlu-pro task:qa');
    expect(p.groups).toEqual([
      [{ text: "international law treaty", phrases: ["international law"] }, { text: "court", phrases: [] }],
      [{ text: "python", phrases: [] }],
    ]);
    expect(p.exclude).toEqual(["snake", "monty python"]);
    expect(p.filters).toEqual({ benchmark: ["mmlu-pro"], task: ["qa"], tag: ["law"], meta: ["src:ori mmlu"] });
    expect(formatQuery(p)).toBe('(international law treaty) AND (court) OR (python) benchmark:mmlu-pro task:qa tag:law meta.src:"ori mmlu" -snake -"monty python"');
  });

  it("reads a word with a colon that names no field as text, as plain queries were read before the query language", () => {
    for (const q of ["Note: python", "https://example.com/a?b=c", "c++ std::vector", "foo:bar"]) {
      const p = parseQuery(q);
      expect(p.filters).toEqual({ benchmark: [], task: [], tag: [], meta: [] });
      expect(p.groups).toEqual([[{ text: q, phrases: [] }]]);
    }
    expect(parseQuery("Note: tag:python").filters.tag).toEqual(["python"]);
  });

  it("allows a query of filters only", () => {
    const p = parseQuery("tag:history -war");
    expect(p.groups).toEqual([]);
    expect(p.filters.tag).toEqual(["history"]);
  });

  it.each([
    ['law "treaty', 5, 'a closing "'],
    ["AND law", 1, 'a concept before "AND"'],
    ["law AND", 8, 'a concept after "AND"'],
    ["law AND OR tax", 9, 'a concept before "OR"'],
    ["tag: law", 5, 'a value after "tag:"'],
    ['law ""', 5, "text between the quotes"],
    // Positions count characters of the query as sent: leading spaces and an emoji (two UTF-16 units) are one each.
    ['   "x', 4, 'a closing "'],
    ['😀 "x', 3, 'a closing "'],
    // A filter or exclusion next to AND/OR is named where it stands (it applies to the whole query).
    ["antibodies OR tag:virology", 15, 'a concept after "OR"'],
    ["tag:immunology OR tag:virology", 16, 'a concept before "OR"'],
    ["a AND -b", 7, 'a concept after "AND"'],
    ["a AND -b tag:x", 7, 'a concept after "AND"'],
  ])("%j is an error at position %i naming what was expected", (q, position, expected) => {
    let error: unknown;
    try {
      parseQuery(q);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(QuerySyntaxError);
    expect((error as QuerySyntaxError).position).toBe(position);
    expect((error as QuerySyntaxError).message).toContain(expected);
  });

  it("names the words read as text that look like a misspelt field, with the field they were likely meant as", () => {
    expect(fieldLikeWords("benchmarks:mmlu Tag:law metadata.src:ori becnhmark:gsm8k bench:arc tasks:qa")).toEqual([
      { word: "benchmarks:mmlu", suggestion: "benchmark:mmlu" },
      { word: "Tag:law", suggestion: "tag:law" },
      { word: "metadata.src:ori", suggestion: "meta.src:ori" },
      { word: "becnhmark:gsm8k", suggestion: "benchmark:gsm8k" },
      { word: "bench:arc", suggestion: "benchmark:arc" },
      { word: "tasks:qa", suggestion: "task:qa" },
    ]);
    // An excluded one too: "-Tags:x" excludes a word and leaves out nothing.
    expect(fieldLikeWords("law -Tags:criminal")).toEqual([{ word: "-Tags:criminal", suggestion: "-tag:criminal" }]);
    // Colons that are not meant as fields, real fields, quoted phrases and a query that does not parse: nothing.
    expect(fieldLikeWords('Note: https://x.org std::vector tab:1 benchmark:mmlu "tags:x" ratio:3 "open')).toEqual([]);
  });

  it("says why a filter next to OR is an error and what to write instead", () => {
    expect(() => parseQuery("antibodies OR tag:virology")).toThrow(/found the filter "tag:virology": filters and exclusions apply to the whole query, so write them beside the concepts/);
    expect(() => parseQuery("tag:immunology OR tag:virology")).toThrow(/\(two values of one field are either-or already: tag:x tag:y\)/);
    // Beside the concepts they are fine, also right after AND/OR when a concept follows (they
    // apply to the whole query, as before the field terms were named here).
    expect(parseQuery("antibodies OR vaccines tag:virology").filters.tag).toEqual(["virology"]);
    const p = parseQuery("a AND -b c");
    expect(p.groups.map((g) => g.map((c) => c.text))).toEqual([["a", "c"]]);
    expect(p.exclude).toEqual(["b"]);
    expect(parseQuery("antibodies OR tag:virology vaccines").groups.map((g) => g.map((c) => c.text))).toEqual([["antibodies"], ["vaccines"]]);
  });

  it("reads -field:value as an excluded field term, and writes it back", () => {
    const p = parseQuery('antibodies -benchmark:demo-bio-qa -tag:"high school" -meta.src:x tag:biology -war');
    expect(p.excludeFilters).toEqual({ benchmark: ["demo-bio-qa"], task: [], tag: ["high school"], meta: ["src:x"] });
    expect(p.filters.tag).toEqual(["biology"]);
    expect(p.exclude).toEqual(["war"]);
    expect(formatQuery(p)).toBe('(antibodies) tag:biology -war -benchmark:demo-bio-qa -tag:"high school" -meta.src:x');
    // A word with a colon that names no field stays a word to exclude.
    expect(parseQuery("a -note:x").exclude).toEqual(["note:x"]);
  });
});
