import { describe, expect, it } from "vitest";
import { formatTick, niceTicks, zeroDomain } from "./axis";

describe("niceTicks", () => {
  it("covers the domain with round steps", () => {
    expect(niceTicks([-0.3, 1.7], 6)).toEqual({ ticks: [-0.5, 0, 0.5, 1, 1.5, 2], decimals: 1 });
    expect(niceTicks([-3, 2], 8)).toEqual({ ticks: [-3, -2, -1, 0, 1, 2], decimals: 0 });
  });
  it("does not add a tick past a bound that is itself a tick", () => {
    const { ticks } = niceTicks([0, 1.5], 6);
    expect(ticks[0]).toBe(0);
    expect(ticks[ticks.length - 1]).toBe(1.5);
  });
  it("gives 2.5-steps one more decimal and keeps labels free of float drift", () => {
    expect(niceTicks([0, 0.5], 5)).toEqual({ ticks: [0, 0.1, 0.2, 0.3, 0.4, 0.5], decimals: 1 });
    expect(niceTicks([0, 14], 6)).toEqual({ ticks: [0, 2.5, 5, 7.5, 10, 12.5, 15], decimals: 1 });
  });
  it("handles a zero-width domain", () => {
    expect(niceTicks([1, 1]).ticks).toContain(1);
  });
});

describe("zeroDomain", () => {
  it("spans the scores and 0 with half a unit either side", () => {
    expect(zeroDomain([1.2, 2.6])).toEqual([-0.5, 3.1]);
    expect(zeroDomain([-2.2, -1])).toEqual([-2.7, 0.5]);
  });
});

describe("formatTick", () => {
  it("signs relative scores, with the minus sign", () => {
    expect(formatTick(1.5, 1, true)).toBe("+1.5");
    expect(formatTick(-2, 0, true)).toBe("−2");
    expect(formatTick(0, 1, true)).toBe("0.0");
    expect(formatTick(0.25, 2, false)).toBe("0.25");
  });
});
