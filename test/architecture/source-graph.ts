// The project's own source as the architecture test sees it: every .ts/.tsx file under the given
// folders, its import/export-from statements resolved to files (`@/` is the project root), and its
// string literals (for SQL). Parsed with the TypeScript compiler's parser, so comments, regexes and
// nested template literals cannot be mistaken for imports or strings.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface Import {
  /** the specifier as written */
  spec: string;
  /** project-relative path of the file it resolves to; null for packages and node builtins */
  target: string | null;
  /** `import type`, or every imported name marked `type`: erased at runtime */
  typeOnly: boolean;
  /** `import("...")`: loaded lazily, not part of the module's load order */
  dynamic: boolean;
  line: number;
}

export interface StringLiteral {
  /** template literals with `${…}` where their expressions were */
  text: string;
  line: number;
}

export interface SourceFile {
  /** project-relative, with forward slashes */
  path: string;
  imports: Import[];
  strings: StringLiteral[];
}

const SKIP_DIRS = new Set(["node_modules", ".next", ".data", "generated", "screenshots", "test-results"]);
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

export const isTest = (file: string) => /\.(int\.)?test\.tsx?$/.test(file) || /\.spec\.ts$/.test(file);

function listFiles(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) listFiles(rel, out);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

/** The file a relative or `@/` specifier names, project-relative; null for packages. */
export function resolveImport(fromFile: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  else return null;
  const stems = [base, base.replace(/\.js$/, "")];
  for (const stem of stems) {
    for (const ext of EXTENSIONS) {
      const candidate = stem + ext;
      const abs = path.join(ROOT, candidate);
      if (existsSync(abs) && statSync(abs).isFile()) return candidate;
    }
  }
  return `${base} (unresolved)`;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import "x"` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

export function parseSource(file: string, text = readFileSync(path.join(ROOT, file), "utf8")): SourceFile {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const imports: Import[] = [];
  const strings: StringLiteral[] = [];
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const addImport = (spec: string, node: ts.Node, typeOnly: boolean, dynamic: boolean) =>
    imports.push({ spec, target: resolveImport(file, spec), typeOnly, dynamic, line: lineOf(node) });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      addImport(node.moduleSpecifier.text, node, isTypeOnlyImport(node), false);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      addImport(node.moduleSpecifier.text, node, isTypeOnlyExport(node), false);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) addImport(arg.text, node, false, true);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      addImport(node.argument.literal.text, node, true, false);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push({ text: node.text, line: lineOf(node) });
    if (ts.isTemplateExpression(node)) {
      strings.push({ text: node.head.text + node.templateSpans.map((s) => "${…}" + s.literal.text).join(""), line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { path: file, imports, strings };
}

/** Every .ts/.tsx file under the folders (project-relative), parsed. */
export function loadSources(dirs: string[]): SourceFile[] {
  return dirs.flatMap((d) => listFiles(d, [])).sort().map((f) => parseSource(f));
}
