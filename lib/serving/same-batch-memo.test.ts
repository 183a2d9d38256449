import { describe, expect, it } from "vitest";
import { SameBatchMemo } from "./same-batch-memo";

describe("SameBatchMemo", () => {
  it("answers for the very same batch object only, under its key, keeping the most recent keys", () => {
    const memo = new SameBatchMemo<string>(2);
    const a = { rows: [1, 2] };
    memo.set("whole", a, "ranking of a");
    expect(memo.get("whole", a)).toBe("ranking of a");
    // An equal batch gathered anew is another computation's.
    expect(memo.get("whole", { rows: [1, 2] })).toBeUndefined();
    expect(memo.get("view", a)).toBeUndefined();
    const b = {};
    memo.set("whole", b, "ranking of b");
    expect(memo.get("whole", a)).toBeUndefined();
    memo.set("view", a, "view of a");
    // "whole" is now the least recently used: a third key forgets it.
    expect(memo.get("view", a)).toBe("view of a");
    memo.set("third", b, "third");
    expect(memo.get("whole", b)).toBeUndefined();
    expect(memo.get("view", a)).toBe("view of a");
    memo.clear();
    expect(memo.get("view", a)).toBeUndefined();
  });
});
