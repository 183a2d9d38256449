// A reader of prisma/schema.prisma for the test that keeps it honest against the migrated database
// (lib/db/schema-prisma.int.test.ts): models, their tables and columns, and the Postgres type
// Prisma maps each field to (https://www.prisma.io/docs/orm/reference/prisma-schema-reference,
// "Model field scalar types", PostgreSQL column). Unknown constructs throw rather than pass unseen.

export interface PrismaColumn {
  field: string;
  column: string;
  /** Scalar type, enum name, or `Unsupported("...")`. */
  type: string;
  /** `@db.X(...)` without the `@db.` prefix, when given. */
  nativeType: string | null;
  optional: boolean;
  list: boolean;
  hasDefault: boolean;
}

export interface PrismaModel {
  name: string;
  table: string;
  columns: PrismaColumn[];
}

export interface PrismaSchema {
  models: PrismaModel[];
  /** Enum name → its name in the database. */
  enums: Map<string, string>;
}

/** The text without `//` and `///` comments (quoted strings kept). */
function stripComments(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        if (line[i] === '"' && line[i - 1] !== "\\") quoted = !quoted;
        else if (!quoted && line.startsWith("//", i)) return line.slice(0, i);
      }
      return line;
    })
    .join("\n");
}

const BLOCK_START = /^(model|enum|view|type|generator|datasource)\s+(\w+)\s*\{$/;
const FIELD = /^(\w+)\s+(Unsupported\("[^"]*"\)|\w+)(\[\]|\?)?(.*)$/;
const mapped = (attrs: string, attr: string) => new RegExp(`${attr}\\(\\s*(?:name:\\s*)?"([^"]+)"`).exec(attrs)?.[1];

/** Top-level blocks: `kind Name {` ... a line `}` (braces inside a block, as in `@default("{}")`, stay inside). */
function readBlocks(text: string): { kind: string; name: string; lines: string[] }[] {
  const blocks: { kind: string; name: string; lines: string[] }[] = [];
  let open: (typeof blocks)[number] | null = null;
  for (const line of stripComments(text).split("\n").map((l) => l.trim())) {
    if (!line) continue;
    if (open) {
      if (line === "}") open = null;
      else open.lines.push(line);
      continue;
    }
    const start = BLOCK_START.exec(line);
    if (!start) throw new Error(`schema.prisma: cannot read "${line}" outside a block`);
    open = { kind: start[1], name: start[2], lines: [] };
    blocks.push(open);
  }
  if (open) throw new Error(`schema.prisma: ${open.kind} ${open.name} is not closed`);
  return blocks;
}

export function parsePrismaSchema(text: string): PrismaSchema {
  const blocks = readBlocks(text);
  const unsupported = blocks.find((b) => b.kind === "view" || b.kind === "type");
  if (unsupported) throw new Error(`schema.prisma: ${unsupported.kind} ${unsupported.name} is not checked by this reader`);
  const enums = new Map(
    blocks.filter((b) => b.kind === "enum").map((b) => [b.name, mapped(b.lines.join("\n"), "@@map") ?? b.name]),
  );
  const modelNames = new Set(blocks.filter((b) => b.kind === "model").map((b) => b.name));
  const models = blocks
    .filter((b) => b.kind === "model")
    .map((b): PrismaModel => {
      const columns: PrismaColumn[] = [];
      for (const line of b.lines) {
        if (line.startsWith("@@")) continue;
        const m = FIELD.exec(line);
        if (!m) throw new Error(`schema.prisma, model ${b.name}: cannot read "${line}"`);
        const [, field, type, modifier, attrs] = m;
        // Relation fields have no column of their own (their foreign key is a scalar field).
        if (modelNames.has(type)) continue;
        columns.push({
          field,
          column: mapped(attrs, "@map") ?? field,
          type,
          nativeType: /@db\.(\w+(?:\([^)]*\))?)/.exec(attrs)?.[1] ?? null,
          optional: modifier === "?",
          list: modifier === "[]",
          hasDefault: /@default\(/.test(attrs),
        });
      }
      return { name: b.name, table: mapped(b.lines.filter((l) => l.startsWith("@@map")).join("\n"), "@@map") ?? b.name, columns };
    });
  return { models, enums };
}

const SCALAR_TYPES: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Decimal: "numeric(65,30)",
  Boolean: "boolean",
  DateTime: "timestamp(3) without time zone",
  Json: "jsonb",
  Bytes: "bytea",
};

function nativeSqlType(native: string): string {
  const m = /^(\w+)(?:\(([^)]*)\))?$/.exec(native);
  const [name, args] = [m?.[1], m?.[2]?.replace(/\s+/g, "")];
  const withArgs = (base: string) => (args ? `${base}(${args})` : base);
  switch (name) {
    case "Text":
      return "text";
    case "VarChar":
      return withArgs("character varying");
    case "Char":
      return withArgs("character");
    case "Uuid":
      return "uuid";
    case "SmallInt":
      return "smallint";
    case "Integer":
      return "integer";
    case "BigInt":
      return "bigint";
    case "Real":
      return "real";
    case "DoublePrecision":
      return "double precision";
    case "Decimal":
      return withArgs("numeric");
    case "Timestamptz":
      return `timestamp(${args || 6}) with time zone`;
    case "Timestamp":
      return `timestamp(${args || 6}) without time zone`;
    case "Date":
      return "date";
    case "JsonB":
      return "jsonb";
    case "Json":
      return "json";
    case "ByteA":
      return "bytea";
    default:
      throw new Error(`schema.prisma: native type @db.${native} is not known to this reader`);
  }
}

/** The column type Prisma creates for this field, as Postgres' format_type() spells it. */
export function sqlType(c: PrismaColumn, enums: Map<string, string>): string {
  const unsupported = /^Unsupported\("([^"]*)"\)$/.exec(c.type)?.[1];
  const enumName = enums.get(c.type);
  const base = unsupported ?? (c.nativeType ? nativeSqlType(c.nativeType) : (enumName ?? SCALAR_TYPES[c.type]));
  if (!base) throw new Error(`schema.prisma: field ${c.field} has the unknown type ${c.type}`);
  return c.list ? `${base}[]` : base;
}
