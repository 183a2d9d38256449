// The query language of `q` (spec/api.md §Capability queries):
//   query    := group ("OR" group)*           samples relevant to any group
//   group    := concept ("AND" concept)*      samples relevant to every concept of the group
//   concept  := item+                          free text, its words searched together
//   item     := word | "quoted phrase" | -word | -"phrase" | field:value | field:"value" | -field:value
//   field    := benchmark | task | tag | meta.KEY
// Field terms and exclusions apply to the whole query, as the filter parameters do: field terms
// join the `benchmark`/`task`/`tag`/`meta` filters (OR within one field, AND across fields), an
// excluded word or phrase removes every sample containing it, and an excluded field term every
// sample it would select. Only upper-case AND/OR are
// operators, so plain text ("salt and pepper") keeps its meaning. Errors name the 1-based
// character position and what was expected there.

export interface Concept {
  /** The concept's words and phrases as typed, searched as one text. */
  text: string;
  /** Phrases that a sample must contain. */
  phrases: string[];
}

export interface ParsedQuery {
  /** OR of AND-groups of concepts; empty when the query has only filters and exclusions. */
  groups: Concept[][];
  exclude: string[];
  filters: QueryFilters;
  /** `-benchmark:x`, `-task:x`, `-tag:x`, `-meta.KEY:v`: samples matching any of them are left out. */
  excludeFilters: QueryFilters;
  /**
   * Words read as text although they look like a field ("benchmarks:mmlu", "Tag:law",
   * "metadata.src:x", an excluded "-Tags:x"): only benchmark:, task:, tag: and meta.KEY: are fields,
   * any other word with a colon is text (api.md v1.1), so a misspelt field is searched for (or
   * excluded as a word) instead of filtering. Each with the field it was likely meant as.
   */
  fieldLike: { word: string; suggestion: string }[];
}

/** Field terms by field; meta as "KEY:value". */
export interface QueryFilters {
  benchmark: string[];
  task: string[];
  tag: string[];
  meta: string[];
}

export class QuerySyntaxError extends Error {
  /** `position`: 1-based, in characters (code points: an emoji counts one) of the query as sent. */
  constructor(
    readonly position: number,
    readonly expected: string,
    readonly found: string,
  ) {
    super(`at position ${position}: expected ${expected}, found ${found}`);
  }
}

/** The 1-based character (code point) position of UTF-16 position `at` (1-based) of q. */
function characterPosition(q: string, at: number): number {
  let n = 0;
  for (let i = 0; i < at - 1 && i < q.length; i++) {
    n++;
    const c = q.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < q.length) i++;
  }
  return n + 1 + Math.max(0, at - 1 - q.length);
}

type Token =
  | { kind: "op"; op: "AND" | "OR"; at: number }
  | { kind: "text"; text: string; phrase: boolean; at: number }
  | { kind: "exclude"; text: string; at: number }
  | { kind: "field"; field: string; value: string; at: number; negated: boolean };

const FIELD = /^([A-Za-z][\w-]*(?:\.[^\s:"]+)?):/;
const FIELDS = ["benchmark", "task", "tag"];
const isField = (name: string) => FIELDS.includes(name) || name.startsWith("meta.");

function quoted(q: string, open: number): { text: string; end: number } {
  const close = q.indexOf('"', open + 1);
  if (close < 0) throw new QuerySyntaxError(open + 1, 'a closing " for the quote opened here', "the end of the query");
  const text = q.slice(open + 1, close).trim();
  if (!text) throw new QuerySyntaxError(open + 1, "text between the quotes", '""');
  return { text, end: close + 1 };
}

function tokenize(q: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const wordEnd = (from: number) => {
    let j = from;
    while (j < q.length && !/\s/.test(q[j]) && q[j] !== '"') j++;
    return j;
  };
  while (i < q.length) {
    if (/\s/.test(q[i])) {
      i++;
      continue;
    }
    const at = i + 1;
    if (q[i] === '"') {
      const { text, end } = quoted(q, i);
      out.push({ kind: "text", text, phrase: true, at });
      i = end;
      continue;
    }
    // "-tag:x" leaves out what "tag:x" would keep: a field term, negated (read below).
    const negatedField = q[i] === "-" ? FIELD.exec(q.slice(i + 1)) : null;
    const negated = negatedField !== null && isField(negatedField[1]);
    if (negated) i++;
    else if (q[i] === "-" && i + 1 < q.length && !/\s/.test(q[i + 1])) {
      if (q[i + 1] === '"') {
        const { text, end } = quoted(q, i + 1);
        out.push({ kind: "exclude", text, at });
        i = end;
      } else {
        const end = wordEnd(i + 1);
        out.push({ kind: "exclude", text: q.slice(i + 1, end), at });
        i = end;
      }
      continue;
    }
    const field = FIELD.exec(q.slice(i));
    // Only the known fields are fields: any other word with a colon ("Note:", "https://…",
    // "std::vector") is text, as every plain query was before the query language (api.md v1.1).
    if (field && isField(field[1])) {
      const name = field[1];
      const v = i + field[0].length;
      let value: string;
      if (q[v] === '"') {
        const r = quoted(q, v);
        value = r.text;
        i = r.end;
      } else {
        i = wordEnd(v);
        value = q.slice(v, i);
      }
      if (!value) throw new QuerySyntaxError(v + 1, `a value after "${name}:"`, v < q.length ? `"${q[v]}"` : "the end of the query");
      out.push({ kind: "field", field: name, value, at, negated });
      continue;
    }
    const end = wordEnd(i);
    const word = q.slice(i, end);
    out.push(word === "AND" || word === "OR" ? { kind: "op", op: word, at } : { kind: "text", text: word, phrase: false, at });
    i = end;
  }
  return out;
}

export function parseQuery(q: string): ParsedQuery {
  try {
    return parse(q);
  } catch (e) {
    if (!(e instanceof QuerySyntaxError)) throw e;
    throw new QuerySyntaxError(characterPosition(q, e.position), e.expected, e.found);
  }
}

/** What a token is, as an error names it. */
function described(t: Token): string {
  if (t.kind === "op") return `"${t.op}"`;
  if (t.kind === "field") return t.negated ? `the exclusion "-${t.field}:${t.value}"` : `the filter "${t.field}:${t.value}"`;
  if (t.kind === "exclude") return `the exclusion "-${t.text}"`;
  return `"${t.text}"`;
}

function parse(q: string): ParsedQuery {
  const parsed: ParsedQuery = { groups: [], exclude: [], filters: { benchmark: [], task: [], tag: [], meta: [] }, excludeFilters: { benchmark: [], task: [], tag: [], meta: [] }, fieldLike: [] };
  let group: Concept[] = [];
  let concept: { words: string[]; phrases: string[] } = { words: [], phrases: [] };
  let lastOp: Extract<Token, { kind: "op" }> | null = null;
  const close = (before: Extract<Token, { kind: "op" }> | null) => {
    if (concept.words.length === 0) {
      if (before) throw new QuerySyntaxError(before.at, `a concept before "${before.op}"`, `"${before.op}"`);
      return false;
    }
    group.push({ text: concept.words.join(" "), phrases: concept.phrases });
    concept = { words: [], phrases: [] };
    return true;
  };
  // Filters and exclusions apply to the whole query, not to one side of an operator: one written
  // right after AND/OR (or right before one) is named where it stands, with what to write instead.
  const whole = (t: Token) => `${described(t)}: filters and exclusions apply to the whole query, so write them beside the concepts, not next to AND or OR${t.kind === "field" ? ` (two values of one field are either-or already: ${t.field}:x ${t.field}:y)` : ""}`;
  let previous: Token | null = null;
  /** The first filter or exclusion after the last operator, while no concept has followed it. */
  let afterOp: Token | null = null;
  for (const t of tokenize(q)) {
    if ((t.kind === "field" || t.kind === "exclude") && lastOp && !afterOp) afterOp = t;
    if (t.kind === "op" && concept.words.length === 0 && group.length === 0 && previous && previous.kind !== "op") {
      throw new QuerySyntaxError(t.at, `a concept before "${t.op}"`, `"${t.op}" after ${whole(previous)}`);
    }
    previous = t;
    const likeField = fieldLike(t);
    if (likeField) parsed.fieldLike.push(likeField);
    if (t.kind === "field") {
      const into = t.negated ? parsed.excludeFilters : parsed.filters;
      if (t.field.startsWith("meta.")) into.meta.push(`${t.field.slice(5)}:${t.value}`);
      else into[t.field as "benchmark" | "task" | "tag"].push(t.value);
    } else if (t.kind === "exclude") parsed.exclude.push(t.text);
    else if (t.kind === "text") {
      concept.words.push(t.text);
      if (t.phrase) concept.phrases.push(t.text);
    } else {
      close(t);
      if (t.op === "OR") {
        parsed.groups.push(group);
        group = [];
      }
      lastOp = t;
      continue;
    }
    if (t.kind === "text") {
      lastOp = null;
      afterOp = null;
    }
  }
  // An operator with no concept after it; where a filter or exclusion stood there, it is named
  // (a concept after it, "a AND -b c", is fine: filters and exclusions apply to the whole query).
  if (lastOp) throw new QuerySyntaxError(afterOp ? afterOp.at : q.length + 1, `a concept after "${lastOp.op}"`, afterOp ? whole(afterOp) : "the end of the query");
  close(null);
  if (group.length) parsed.groups.push(group);
  return parsed;
}

/**
 * Edit distance of a and b counting a swap of neighbours as one edit (optimal string alignment),
 * more than `max` as soon as the lengths tell (short words only: field names).
 */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The field a word's "name:" looks meant for (a case, a plural, a typo, "metadata."), or null. */
function nearField(name: string): string | null {
  const lower = name.toLowerCase();
  const meta = /^(?:meta|metadata)\.(.+)$/.exec(lower);
  if (meta) return `meta.${name.slice(name.indexOf(".") + 1)}`;
  for (const f of FIELDS) {
    if (lower === f || lower === `${f}s` || (f.length > 3 && (editDistance(lower, f, 1) <= 1 || (lower.length >= 5 && f.startsWith(lower))))) return f;
  }
  return null;
}

/** A word (or an excluded one, "-Tags:x") that looks like a misspelt field, with the field it was likely meant as; else null. */
function fieldLike(t: Token): { word: string; suggestion: string } | null {
  const text = t.kind === "text" && !t.phrase ? t.text : t.kind === "exclude" ? t.text : null;
  if (text === null) return null;
  const m = FIELD.exec(text);
  const field = m && m[0].length < text.length ? nearField(m[1]) : null;
  const sign = t.kind === "exclude" ? "-" : "";
  return field ? { word: `${sign}${text}`, suggestion: `${sign}${field}:${text.slice(m![0].length)}` } : null;
}

/** The parsed query written back in the language's canonical form (shown to the user). */
export function formatQuery(p: ParsedQuery): string {
  const quote = (s: string) => (/[\s"]/.test(s) ? `"${s}"` : s);
  const concepts = p.groups.map((g) => g.map((c) => `(${c.text})`).join(" AND ")).join(" OR ");
  const terms = (f: QueryFilters, sign: string) => [
    ...f.benchmark.map((v) => `${sign}benchmark:${quote(v)}`),
    ...f.task.map((v) => `${sign}task:${quote(v)}`),
    ...f.tag.map((v) => `${sign}tag:${quote(v)}`),
    ...f.meta.map((v) => `${sign}meta.${v.slice(0, v.indexOf(":"))}:${quote(v.slice(v.indexOf(":") + 1))}`),
  ];
  return [concepts, ...terms(p.filters, ""), ...p.exclude.map((w) => `-${quote(w)}`), ...terms(p.excludeFilters, "-")].filter(Boolean).join(" ");
}
