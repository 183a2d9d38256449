import { describe, expect, it } from "vitest";
import { FailedAttempts } from "./attempts";

describe("FailedAttempts", () => {
  it("blocks an address after `limit` failures in a minute, with the seconds until the oldest expires", () => {
    let now = 1_000_000;
    const attempts = new FailedAttempts(3, () => now);
    for (let i = 0; i < 3; i++) {
      expect(attempts.blockedFor("1.2.3.4")).toBe(0);
      attempts.fail("1.2.3.4");
      now += 1000;
    }
    expect(attempts.blockedFor("1.2.3.4")).toBe(57);
    expect(attempts.blockedFor("5.6.7.8")).toBe(0);
    now += 57_000;
    expect(attempts.blockedFor("1.2.3.4")).toBe(0);
  });

  it("forgets an address on success", () => {
    const attempts = new FailedAttempts(2);
    attempts.fail("a");
    attempts.fail("a");
    expect(attempts.blockedFor("a")).toBeGreaterThan(0);
    attempts.succeed("a");
    expect(attempts.blockedFor("a")).toBe(0);
  });
});
