import { describe, expect, it } from "vitest";
import { hnswBuildStatements, hnswIndexName } from "./embeddings-hnsw";

describe("hnswBuildStatements", () => {
  it("drops a failed build's leftover, sets the session's parallel workers, then builds concurrently", () => {
    const [drop, set, create, ...rest] = hnswBuildStatements({ space: "text", dim: 384 }, "fallback-lsa-v1:abc", { m: 24, efConstruction: 100, workers: 0 });
    expect(rest).toEqual([]);
    const name = hnswIndexName("text", "fallback-lsa-v1:abc");
    expect(drop).toBe(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`);
    expect(set).toBe("SET max_parallel_maintenance_workers = 0");
    expect(create).toMatch(new RegExp(`^CREATE INDEX CONCURRENTLY "${name}" ON embeddings\\s+USING hnsw \\(\\(embedding::vector\\(384\\)\\) vector_cosine_ops\\) WITH \\(m = 24, ef_construction = 100\\)`));
    expect(create).toContain("WHERE space = 'text' AND model = 'fallback-lsa-v1:abc'");
  });

  it("takes the configured number of workers as an integer, and quotes model names", () => {
    const [, set, create] = hnswBuildStatements({ space: "text", dim: 8.9 }, "it's", { m: 16.7, efConstruction: 64, workers: 3.5 });
    expect(set).toBe("SET max_parallel_maintenance_workers = 3");
    expect(create).toContain("embedding::vector(8)");
    expect(create).toContain("m = 16,");
    expect(create).toContain("model = 'it''s'");
  });
});
