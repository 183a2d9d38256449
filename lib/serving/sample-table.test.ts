import { describe, expect, it } from "vitest";
import type { SampleTuple } from "@/lib/db/queries/read-model";
import { SampleTable } from "./sample-table";

const tuple = (pk: number, tags: string[]): SampleTuple => [pk, `s${pk}`, "bench", null, tags, null, null, false];
const noFilters = { benchmark: [], task: [], tag: [], meta: [] };

describe("SampleTable.tagNames", () => {
  it("gives each row its tags in upsert order, one shared frozen list per distinct list", () => {
    const t = new SampleTable();
    const rows = [tuple(1, ["a", "b"]), tuple(2, ["b", "a"]), tuple(3, ["a", "b"]), tuple(4, [])].map((x) => t.upsert(x));
    expect(rows.map((r) => t.tagNames(r))).toEqual([["a", "b"], ["b", "a"], ["a", "b"], []]);
    // Same tags in the same order: the same array (gather hands it to every batch without a copy).
    expect(t.tagNames(rows[0])).toBe(t.tagNames(rows[2]));
    expect(t.tagNames(rows[0])).not.toBe(t.tagNames(rows[1]));
    expect(Object.isFrozen(t.tagNames(rows[0]))).toBe(true);
    expect(() => (t.tagNames(rows[0]) as string[]).push("c")).toThrow(TypeError);
  });

  it("follows a row's new tags when it is upserted again, and leaves the rows that shared its old list alone", () => {
    const t = new SampleTable();
    const a = t.upsert(tuple(1, ["x"]));
    const b = t.upsert(tuple(2, ["x"]));
    expect(t.upsert(tuple(1, ["y", "x"]))).toBe(a);
    expect(t.tagNames(a)).toEqual(["y", "x"]);
    expect(t.tagNames(b)).toEqual(["x"]);
    // The filter columns moved with it.
    expect(Array.from(t.mask({ ...noFilters, tag: ["y"] }))).toEqual([1, 0]);
  });

  it("keeps tags that a joined key would confuse apart", () => {
    const t = new SampleTable();
    const a = t.upsert(tuple(1, ["a,b"]));
    const b = t.upsert(tuple(2, ["a", "b"]));
    expect(t.tagNames(a)).toEqual(["a,b"]);
    expect(t.tagNames(b)).toEqual(["a", "b"]);
  });
});

describe("SampleTable.changedSince", () => {
  it("counts a re-upsert as a change only when a column differs", () => {
    const t = new SampleTable();
    const row = t.upsert([1, "s1", "bench", "qa", ["x"], ["difficulty"], ["hard"], false]);
    const stamp = t.changeCount;
    // A read-model update re-reads recent samples: the same values are no change.
    t.upsert([1, "s1", "bench", "qa", ["x"], ["difficulty"], ["hard"], false]);
    expect(t.changedSince(row, stamp)).toBe(false);
    expect(t.changeCount).toBe(stamp);
    for (const changed of [
      [1, "s1", "bench", "qa", ["x"], ["difficulty"], ["easy"], false],
      [1, "s1", "bench", "qa", ["x", "y"], ["difficulty"], ["easy"], false],
      [1, "s1", "bench", null, ["x", "y"], ["difficulty"], ["easy"], false],
      [1, "s1", "other", null, ["x", "y"], ["difficulty"], ["easy"], false],
      [1, "s1", "other", null, ["x", "y"], ["difficulty"], ["easy"], true],
    ] as SampleTuple[]) {
      const before = t.changeCount;
      t.upsert(changed);
      expect(t.changedSince(row, before)).toBe(true);
    }
    expect(t.tagNames(row)).toEqual(["x", "y"]);
    expect(t.hasImage.data[row]).toBe(1);
  });
});
