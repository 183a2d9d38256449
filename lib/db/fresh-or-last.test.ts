import { afterEach, describe, expect, it } from "vitest";
import { forgetLastReads, freshOrLast } from "./fresh-or-last";

const never = () => new Promise<number>(() => undefined);
const after = (ms: number, value: number) => new Promise<number>((resolve) => setTimeout(() => resolve(value), ms));

describe("freshOrLast", () => {
  afterEach(forgetLastReads);

  it("answers fresh when the read is quick, and remembers it", async () => {
    expect(await freshOrLast("k", async () => 1, 50)).toBe(1);
    expect(await freshOrLast("k", async () => 2, 50)).toBe(2);
  });

  it("answers with the last value when the read does not come back in time", async () => {
    await freshOrLast("k", async () => 1, 50);
    const t0 = Date.now();
    expect(await freshOrLast("k", never, 50)).toBe(1);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it("lets a late read refresh the last value", async () => {
    await freshOrLast("k", async () => 1, 20);
    expect(await freshOrLast("k", () => after(60, 7), 20)).toBe(1);
    await after(80, 0);
    expect(await freshOrLast("k", never, 20)).toBe(7);
  });

  it("waits for a key it never read, and keeps the last value when a late read fails", async () => {
    expect(await freshOrLast("new", () => after(60, 3), 10)).toBe(3);
    expect(await freshOrLast("new", () => Promise.reject(new Error("gone")), 10).catch(() => "threw")).toBe("threw");
    expect(await freshOrLast("new", never, 10)).toBe(3);
  });
});
