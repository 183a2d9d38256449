// prisma/schema.prisma is documentation and the input of `prisma migrate` tooling elsewhere, not
// the source of the database (the SQL migrations are). This keeps it honest: every table and
// column of the migrated database is a model and field of the schema, with the type Prisma would
// create, the same optionality and the same presence of a default — and nothing more.
import { readFileSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { parsePrismaSchema, sqlType } from "@/test/prisma-schema";

afterAll(closeDb);

interface Column {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** Columns as the database describes them; "what Prisma writes" below must match it exactly. */
async function databaseColumns(): Promise<Column[]> {
  const r = await pool().query<Column>(
    `SELECT c.table_name AS "table", c.column_name AS "column", format_type(a.atttypid, a.atttypmod) AS type,
            c.is_nullable = 'YES' AS nullable, c.column_default IS NOT NULL AS "hasDefault"
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass AND a.attname = c.column_name
      WHERE c.table_schema = 'public' AND c.table_name <> '_prisma_migrations'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  return r.rows;
}

function schemaColumns(): Column[] {
  const schema = parsePrismaSchema(readFileSync("prisma/schema.prisma", "utf8"));
  return schema.models.flatMap((m) =>
    m.columns.map((c) => ({
      table: m.table,
      column: c.column,
      type: sqlType(c, schema.enums),
      // Prisma lists cannot be optional; the migrations make them NOT NULL with a default.
      nullable: c.optional,
      hasDefault: c.hasDefault,
    })),
  );
}

const spell = (c: Column) => `${c.type}${c.nullable ? " NULL" : " NOT NULL"}${c.hasDefault ? " DEFAULT" : ""}`;

/** Every difference, one line each: "table.column: schema.prisma says X, the database has Y". */
function differences(schema: Column[], db: Column[]): string[] {
  const key = (c: Column) => `${c.table}.${c.column}`;
  const inDb = new Map(db.map((c) => [key(c), c]));
  const inSchema = new Map(schema.map((c) => [key(c), c]));
  const out: string[] = [];
  for (const [k, s] of inSchema) {
    const d = inDb.get(k);
    if (!d) out.push(`${k}: in schema.prisma, not in the migrated database`);
    else if (spell(s) !== spell(d)) out.push(`${k}: schema.prisma says ${spell(s)}, the database has ${spell(d)}`);
  }
  for (const k of inDb.keys()) if (!inSchema.has(k)) out.push(`${k}: in the migrated database, not in schema.prisma`);
  return out;
}

it("schema.prisma describes exactly the tables and columns the migrations create", async () => {
  const db = await databaseColumns();
  const schema = schemaColumns();
  expect(new Set(db.map((c) => c.table)).size).toBeGreaterThanOrEqual(9);
  expect(differences(schema, db)).toEqual([]);
});

it("names a column the schema lacks, a type that differs and a missing table", () => {
  const db: Column[] = [
    { table: "t", column: "a", type: "integer", nullable: false, hasDefault: false },
    { table: "t", column: "b", type: "text", nullable: true, hasDefault: false },
  ];
  const schema: Column[] = [
    { table: "t", column: "a", type: "bigint", nullable: false, hasDefault: false },
    { table: "u", column: "id", type: "integer", nullable: false, hasDefault: false },
  ];
  expect(differences(schema, db)).toEqual([
    "t.a: schema.prisma says bigint NOT NULL, the database has integer NOT NULL",
    "u.id: in schema.prisma, not in the migrated database",
    "t.b: in the migrated database, not in schema.prisma",
  ]);
});
