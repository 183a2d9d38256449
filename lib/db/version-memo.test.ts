import { afterEach, describe, expect, it } from "vitest";
import { expirePolledStamp, forgetVersionMemo, memoByVersion, memoRowsByVersion, notePolledStamp, polledRecently, RECENT_MS } from "./version-memo";

const stamp = (dataVersion: number, healthRun: number | null = null) => ({ dataVersion, versionAt: new Date(1_700_000_000_000 + dataVersion), healthRun });

function counter() {
  let n = 0;
  return { read: async () => ++n, get calls() { return n; } };
}

describe("memoByVersion", () => {
  afterEach(forgetVersionMemo);

  it("reads every time before any poll", async () => {
    const c = counter();
    expect(await memoByVersion("k", c.read)).toBe(1);
    expect(await memoByVersion("k", c.read)).toBe(2);
  });

  it("reads once per polled stamp, and again when the stamp moves (data version or health run)", async () => {
    const c = counter();
    const t = 10_000;
    notePolledStamp(stamp(3), t);
    expect(await memoByVersion("k", c.read, t)).toBe(1);
    expect(await memoByVersion("k", c.read, t + 10)).toBe(1);
    expect(await memoByVersion("other", c.read, t + 10)).toBe(2);
    notePolledStamp(stamp(4), t + 20);
    expect(await memoByVersion("k", c.read, t + 20)).toBe(3);
    notePolledStamp(stamp(4, 7), t + 30);
    expect(await memoByVersion("k", c.read, t + 30)).toBe(4);
    expect(c.calls).toBe(4);
  });

  it("concurrent callers share one read", async () => {
    let n = 0;
    notePolledStamp(stamp(1), 0);
    const read = () => new Promise<number>((r) => setTimeout(() => r(++n), 5));
    const all = await Promise.all(Array.from({ length: 10 }, () => memoByVersion("k", read, 1)));
    expect(all).toEqual(Array(10).fill(1));
  });

  it("does not trust a poll older than RECENT_MS", async () => {
    const c = counter();
    notePolledStamp(stamp(1), 0);
    expect(await memoByVersion("k", c.read, 1)).toBe(1);
    expect(await memoByVersion("k", c.read, RECENT_MS + 1)).toBe(2);
  });

  it("reads fresh after the last poll is expired (a background poll), and remembers again at the next poll", async () => {
    const c = counter();
    notePolledStamp(stamp(1), 0);
    expect(await memoByVersion("k", c.read, 1)).toBe(1);
    expirePolledStamp();
    expect(await memoByVersion("k", c.read, 2)).toBe(2);
    expect(await memoByVersion("k", c.read, 3)).toBe(3);
    // A request polls the same stamp: the value remembered under it serves again; a new stamp reads.
    notePolledStamp(stamp(1), 4);
    expect(await memoByVersion("k", c.read, 5)).toBe(1);
    notePolledStamp(stamp(2), 6);
    expect(await memoByVersion("k", c.read, 7)).toBe(4);
    expect(await memoByVersion("k", c.read, 8)).toBe(4);
  });

  it("does not remember a failed read", async () => {
    notePolledStamp(stamp(1), 0);
    await expect(memoByVersion("k", () => Promise.reject(new Error("db away")), 1)).rejects.toThrow("db away");
    expect(await memoByVersion("k", async () => 5, 2)).toBe(5);
  });

  it("forgetting (as a write of this process does) drops the values and the stamp", async () => {
    const c = counter();
    notePolledStamp(stamp(1), 0);
    await memoByVersion("k", c.read, 1);
    forgetVersionMemo();
    expect(await memoByVersion("k", c.read, 2)).toBe(2);
    expect(await memoByVersion("k", c.read, 3)).toBe(3);
  });
});

describe("polledRecently", () => {
  afterEach(forgetVersionMemo);
  it("is true for RECENT_MS after a poll, false before any, after that, and after a background poll is expired", () => {
    expect(polledRecently(0)).toBe(false);
    notePolledStamp(stamp(1), 1000);
    expect(polledRecently(1000 + RECENT_MS)).toBe(true);
    expect(polledRecently(1001 + RECENT_MS)).toBe(false);
    notePolledStamp(stamp(1), 5000);
    expirePolledStamp();
    expect(polledRecently(5000)).toBe(false);
  });
});

describe("memoRowsByVersion", () => {
  afterEach(forgetVersionMemo);

  function rowsReader(table: Map<number, string>) {
    const asked: number[][] = [];
    return {
      asked,
      read: async (keys: number[]) => {
        asked.push([...keys].sort((a, b) => a - b));
        return new Map(keys.filter((k) => table.has(k)).map((k) => [k, table.get(k)!]));
      },
    };
  }

  it("reads only the keys not remembered under the stamp, remembers absent ones, and starts over on a new stamp", async () => {
    const table = new Map([[1, "a"], [2, "b"], [3, "c"]]);
    const r = rowsReader(table);
    notePolledStamp(stamp(1), 0);
    expect([...(await memoRowsByVersion("s", [1, 2, 9], r.read, 1))]).toEqual([[1, "a"], [2, "b"]]);
    expect([...(await memoRowsByVersion("s", [2, 3, 9, 1], r.read, 2))]).toEqual([[2, "b"], [3, "c"], [1, "a"]]);
    expect(r.asked).toEqual([[1, 2, 9], [3]]);
    table.set(1, "A");
    notePolledStamp(stamp(2), 3);
    expect((await memoRowsByVersion("s", [1], r.read, 4)).get(1)).toBe("A");
    expect(r.asked.at(-1)).toEqual([1]);
  });

  it("reads every key without a recent poll", async () => {
    const r = rowsReader(new Map([[1, "a"]]));
    await memoRowsByVersion("s", [1], r.read);
    await memoRowsByVersion("s", [1], r.read);
    expect(r.asked).toEqual([[1], [1]]);
  });
});
