import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePrismaSchema, sqlType } from "./prisma-schema";

const SCHEMA = `
// A comment with a brace { and a model keyword: model Fake {
generator client {
  provider = "prisma-client"
}

enum Role {
  admin
  user
  @@map("user_role")
}

/// Docs of the model.
model Post {
  id        BigInt                      @id @default(autoincrement())
  title     String                      @db.VarChar(200)
  body      Json                        @default("{}") // inline comment
  tags      String[]                    @default([])
  vec       Unsupported("vector(3)")?
  authorId  Int?                        @map("author_id")
  author    Author?                     @relation(fields: [authorId], references: [id])
  role      Role                        @default(user)
  seenAt    DateTime?                   @map("seen_at") @db.Timestamptz(3)
  createdAt DateTime                    @map("created_at")

  @@index([title])
  @@map("posts")
}

model Author {
  id    Int    @id
  posts Post[]
}
`;

describe("parsePrismaSchema", () => {
  const schema = parsePrismaSchema(SCHEMA);
  const post = schema.models.find((m) => m.name === "Post")!;
  const col = (field: string) => post.columns.find((c) => c.field === field)!;

  it("reads models with their table names, skipping relation fields", () => {
    expect(schema.models.map((m) => [m.name, m.table])).toEqual([
      ["Post", "posts"],
      ["Author", "Author"],
    ]);
    expect(post.columns.map((c) => c.column)).toEqual(["id", "title", "body", "tags", "vec", "author_id", "role", "seen_at", "created_at"]);
    expect(schema.models[1].columns.map((c) => c.field)).toEqual(["id"]);
  });

  it("reads optionality, lists, defaults and native types", () => {
    expect(col("authorId")).toMatchObject({ optional: true, list: false, hasDefault: false });
    expect(col("tags")).toMatchObject({ optional: false, list: true, hasDefault: true });
    expect(col("body")).toMatchObject({ hasDefault: true, nativeType: null });
    expect(col("seenAt")).toMatchObject({ optional: true, nativeType: "Timestamptz(3)" });
    expect(schema.enums).toEqual(new Map([["Role", "user_role"]]));
  });

  it("maps fields to the column types Prisma creates", () => {
    const types = Object.fromEntries(post.columns.map((c) => [c.field, sqlType(c, schema.enums)]));
    expect(types).toEqual({
      id: "bigint",
      title: "character varying(200)",
      body: "jsonb",
      tags: "text[]",
      vec: "vector(3)",
      authorId: "integer",
      role: "user_role",
      seenAt: "timestamp(3) with time zone",
      createdAt: "timestamp(3) without time zone",
    });
  });

  it("refuses what it cannot read instead of skipping it", () => {
    expect(() => parsePrismaSchema("model A {\n  id Int @id\n")).toThrow(/not closed/);
    expect(() => parsePrismaSchema("view V {\n  id Int\n}\n")).toThrow(/view V/);
    expect(() => parsePrismaSchema("model A {\n  id Money\n}\n").models.forEach((m) => m.columns.forEach((c) => sqlType(c, new Map())))).toThrow(/unknown type Money/);
  });

  it("reads the project's schema", () => {
    const project = parsePrismaSchema(readFileSync("prisma/schema.prisma", "utf8"));
    expect(project.models.map((m) => m.table)).toContain("measurements");
  });
});
