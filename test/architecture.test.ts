// The architecture of ../shared/ARCHITECTURE.md as a test: no import cycles, SQL only in lib/db,
// lib/ layered as LAYERS below says, pure numerics, and the client/server split of components/.
// Each failure lists one violation per line as `file:line  what  (why)`.
import { describe, expect, it } from "vitest";
import { importCycles } from "./architecture/cycles";
import { isTest, loadSources, parseSource, type Import, type SourceFile } from "./architecture/source-graph";

/**
 * The layers of lib/, lowest first. A module may import modules of lower layers; modules of one
 * layer are peers and must not import each other. A module is a folder lib/<name>/ or a file
 * lib/<name>.ts, except lib/api, whose error type is a foundation while its request handling
 * (handler wrapper, token check) is the edge to app/. To move a module, move its name; a new
 * folder under lib/ fails the test until it is placed here.
 *
 * Why this order: env and the error type are used everywhere; ranking is pure numerics; the
 * selection (what a request selects) is plain data every query layer takes; the database client
 * with its named queries and the queue (pg-boss on that database) are the infrastructure;
 * images (checking, storing and fetching pictures) sit on the database and under their users;
 * ingest, retrieval and auth each use them; health checks read the pool through the serving read
 * model and the text space's vectors; a leaderboard is retrieval + ranking over stored
 * measurements; sample evidence and evaluation plans read leaderboard data; model profiles and comparisons are built
 * from all of these, independently of each other.
 */
const LAYERS: string[][] = [
  ["env", "api/errors"],
  ["log", "threads"],
  ["ranking"],
  ["selection", "format", "table"],
  ["db", "queue"],
  ["images"],
  ["ingest", "retrieval", "auth", "metrics"],
  ["serving"],
  ["health"],
  ["leaderboard"],
  ["samples", "planning"],
  ["models", "compare"],
  ["api/handler", "api/auth", "web", "api/multipart", "api/json-body"],
];

/** Folders whose import graph must be acyclic (lib/generated is the Prisma client's own code). */
const CYCLE_ROOTS = ["lib", "app", "components", "workers", "scripts"];
/** Folders that must hold no SQL outside lib/db (demo content banks are sample questions, not queries). */
const SQL_ALLOWED = [/^lib\/db\//, /^scripts\/demo\/content\//];
/** lib/ is below everything else in the repository. */
const ABOVE_LIB = [/^app\//, /^components\//, /^workers\//, /^scripts\//, /^test\//, /^e2e\//];
/** Server-only modules a component may name types from but must not load. */
const SERVER_ONLY = [/^lib\/db\//, /^lib\/retrieval\//, /^lib\/leaderboard\/compute\.ts$/];
/** SQL statements in a string literal: uppercase keywords, as the project writes its queries. */
const SQL = [/\bSELECT\b[\s\S]*?\bFROM\b/, /\bINSERT\s+INTO\b/, /\bUPDATE\s+"?[\w.]+"?\s+SET\b/, /\bDELETE\s+FROM\b/];

const sources = loadSources(CYCLE_ROOTS).filter((f) => !isTest(f.path));
const lib = sources.filter((f) => f.path.startsWith("lib/"));

const layerOf = new Map(LAYERS.flatMap((names, i) => names.map((n) => [n, i] as const)));

/** The module of a lib/ file: the longest LAYERS name that is its path or folder, else its first segment. */
function moduleOf(file: string): string {
  const rel = file.replace(/^lib\//, "").replace(/\.tsx?$/, "");
  const named = [...layerOf.keys()].filter((n) => rel === n || rel.startsWith(`${n}/`)).sort((a, b) => b.length - a.length);
  return named[0] ?? rel.split("/")[0];
}

const show = (f: SourceFile, imp: Import, why: string) =>
  `${f.path}:${imp.line}  imports ${imp.spec}${imp.typeOnly ? " (types only)" : ""}  (${why})`;

function layerViolations(files: SourceFile[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    const from = moduleOf(f.path);
    const fromLayer = layerOf.get(from);
    if (fromLayer === undefined) {
      out.push(`${f.path}  module "${from}" is not in the layer table`);
      continue;
    }
    for (const imp of f.imports) {
      if (!imp.target?.startsWith("lib/")) continue;
      const to = moduleOf(imp.target);
      const toLayer = layerOf.get(to);
      if (to === from || toLayer === undefined || toLayer < fromLayer) continue;
      out.push(show(f, imp, toLayer === fromLayer ? `${from} and ${to} are peers` : `${from} is below ${to}`));
    }
  }
  return out;
}

describe("architecture", () => {
  it("reads the whole source tree", () => {
    expect(sources.length).toBeGreaterThan(200);
    expect(lib.map((f) => f.path)).toContain("lib/ranking/plackett-luce.ts");
    const unresolved = sources.flatMap((f) => f.imports.filter((i) => i.target?.endsWith("(unresolved)")).map((i) => show(f, i, "no such file")));
    expect(unresolved).toEqual([]);
  });

  it("has no import cycles in lib/, app/, components/, workers/, scripts/", () => {
    const edges = new Map<string, Set<string>>();
    const runtime = new Set<string>();
    for (const f of sources) {
      const loaded = f.imports.filter((i) => i.target && !i.dynamic);
      edges.set(f.path, new Set(loaded.map((i) => i.target!)));
      for (const i of loaded) if (!i.typeOnly) runtime.add(`${f.path}|${i.target}`);
    }
    // A cycle of type imports only is erased at runtime but still ties the modules together.
    const arrow = (a: string, b: string) => (runtime.has(`${a}|${b}`) ? " → " : " → (types) ");
    const cycles = importCycles(edges).map((c) => c.reduce((acc, v, k) => (k === 0 ? v : acc + arrow(c[k - 1], v) + v), ""));
    expect(cycles).toEqual([]);
  });

  it("keeps SQL in lib/db", () => {
    const out: string[] = [];
    for (const f of sources) {
      if (SQL_ALLOWED.some((re) => re.test(f.path))) continue;
      for (const s of f.strings) {
        if (SQL.some((re) => re.test(s.text))) out.push(`${f.path}:${s.line}  SQL  ${s.text.replace(/\s+/g, " ").trim().slice(0, 70)}`);
      }
    }
    expect(out).toEqual([]);
  });

  it("layers lib/ as LAYERS says", () => {
    expect(layerViolations(lib)).toEqual([]);
  });

  it("keeps lib/ranking pure: it imports only lib/ranking, no package, nothing with I/O", () => {
    const out = lib
      .filter((f) => f.path.startsWith("lib/ranking/"))
      .flatMap((f) => f.imports.filter((i) => !i.target?.startsWith("lib/ranking/")).map((i) => show(f, i, "ranking is pure numerics")));
    expect(out).toEqual([]);
  });

  it("keeps lib/ below app/, components/, workers/ and scripts/, and lib/compare and lib/models apart", () => {
    const out: string[] = [];
    for (const f of lib) {
      for (const imp of f.imports) {
        if (imp.target && ABOVE_LIB.some((re) => re.test(imp.target!))) out.push(show(f, imp, "lib/ must not depend on its callers"));
        const pair = [moduleOf(f.path), imp.target?.startsWith("lib/") ? moduleOf(imp.target) : ""].sort().join("|");
        if (pair === "compare|models") out.push(show(f, imp, "lib/compare and lib/models must not import each other"));
      }
    }
    expect(out).toEqual([]);
  });

  it("components/ load no server-only module (types from them are fine)", () => {
    const out = sources
      .filter((f) => f.path.startsWith("components/"))
      .flatMap((f) => f.imports.filter((i) => !i.typeOnly && i.target && SERVER_ONLY.some((re) => re.test(i.target!))).map((i) => show(f, i, "server-only module in a component")));
    expect(out).toEqual([]);
  });
});

describe("the checks themselves", () => {
  it("find a cycle, a self-import and nothing in a tree", () => {
    const g = (e: Record<string, string[]>) => new Map(Object.entries(e).map(([k, v]) => [k, new Set(v)]));
    expect(importCycles(g({ a: ["b"], b: ["c"], c: ["a", "d"], d: [] }))).toEqual([["a", "b", "c", "a"]]);
    expect(importCycles(g({ a: ["a"] }))).toEqual([["a", "a"]]);
    expect(importCycles(g({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });

  it("tell type-only imports, re-exports and SQL strings apart", () => {
    const f = parseSource(
      "lib/leaderboard/x.ts",
      [
        'import type { A } from "@/lib/db/client";',
        'import { type B, c } from "./compute";',
        'export { d } from "../ranking/choices";',
        'const q = `SELECT pk FROM samples WHERE id = ${"x"}`;',
        "// SELECT nothing FROM comments",
      ].join("\n"),
    );
    expect(f.imports.map((i) => [i.spec, i.target, i.typeOnly])).toEqual([
      ["@/lib/db/client", "lib/db/client.ts", true],
      ["./compute", "lib/leaderboard/compute.ts", false],
      ["../ranking/choices", "lib/ranking/choices.ts", false],
    ]);
    expect(f.strings.filter((s) => SQL.some((re) => re.test(s.text))).map((s) => s.line)).toEqual([4]);
    expect(layerViolations([f])).toEqual([]);
  });

  it("flag an upward and a peer import, and a module missing from the table", () => {
    const up = parseSource("lib/retrieval/y.ts", 'import { s } from "@/lib/leaderboard/params";\nimport type { V } from "@/lib/ingest/visibility";');
    expect(layerViolations([up])).toEqual([
      "lib/retrieval/y.ts:1  imports @/lib/leaderboard/params  (retrieval is below leaderboard)",
      "lib/retrieval/y.ts:2  imports @/lib/ingest/visibility (types only)  (retrieval and ingest are peers)",
    ]);
    expect(layerViolations([parseSource("lib/wellness/z.ts", "")])).toEqual(['lib/wellness/z.ts  module "wellness" is not in the layer table']);
  });
});
