import { describe, expect, it } from "vitest";
import { SessionPriority, startupAppName, statementText } from "./embedded-queue";

function startup(params: Record<string, string>): Uint8Array {
  const body = Buffer.from(Object.entries(params).map(([k, v]) => `${k}\0${v}\0`).join("") + "\0", "utf8");
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(196608, 4);
  return new Uint8Array(Buffer.concat([head, body]));
}

function typed(type: string, body: string): Uint8Array {
  const b = Buffer.from(body, "utf8");
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + b.length, 1);
  return new Uint8Array(Buffer.concat([head, b]));
}

describe("embedded database queue: who goes next", () => {
  it("reads application_name from a startup message, and nothing from other messages", () => {
    expect(startupAppName(startup({ user: "postgres", database: "postgres", application_name: "onebench-worker" }))).toBe("onebench-worker");
    expect(startupAppName(startup({ user: "postgres" }))).toBe("");
    expect(startupAppName(typed("Q", "SELECT 1\0"))).toBeNull();
    // A view into a larger buffer (as the socket server hands messages on).
    const m = startup({ application_name: "onebench-web" });
    const inside = new Uint8Array(m.length + 7);
    inside.set(m, 7);
    expect(startupAppName(inside.subarray(7))).toBe("onebench-web");
  });

  it("reads the statement of a Parse and of a simple Query", () => {
    expect(statementText(typed("P", "\0SELECT $1::int\0\0\0"))).toBe("SELECT $1::int");
    expect(statementText(typed("P", "s1\0SELECT 2\0\0\0"))).toBe("SELECT 2");
    expect(statementText(typed("Q", "SELECT count(*) FROM samples\0"))).toBe("SELECT count(*) FROM samples");
    expect(statementText(typed("B", "\0\0\0\0"))).toBeNull();
  });

  it("serves a waiting visitor before background work that has had its share, and background work alone as it comes", () => {
    const p = new SessionPriority({ backgroundShare: 0.25, maxWaitMs: 2000, windowMs: 2000 });
    p.name(1, "onebench-worker");
    p.name(2, "onebench-web");
    const queue = [
      { handlerId: 1, timestamp: 1000 },
      { handlerId: 1, timestamp: 1001 },
      { handlerId: 2, timestamp: 1002 },
    ];
    // Nothing recorded yet: first come, first served.
    expect(p.pick(queue, 1003)).toBe(0);
    p.record(1, 300, 1003);
    expect(p.backgroundShare(1003)).toBe(1);
    expect(p.pick(queue, 1004)).toBe(2);
    // Visitors' time brings the background share under its bound: the background goes first again.
    p.record(2, 1000, 1004);
    const bg = 300 * Math.exp(-1 / 2000); // decayed by the 1 ms since it was recorded
    expect(p.backgroundShare(1004)).toBeCloseTo(bg / (bg + 1000), 12);
    expect(p.pick(queue, 1004)).toBe(0);
    // Only background waiting: served.
    p.record(1, 5000, 1005);
    expect(p.pick(queue.slice(0, 2), 1005)).toBe(0);
    // A visitor first in line goes first.
    expect(p.pick([queue[2], queue[0]], 1005)).toBe(0);
  });

  it("never holds background work back longer than maxWaitMs, and forgets the share as time passes", () => {
    const p = new SessionPriority({ backgroundShare: 0.25, maxWaitMs: 2000, windowMs: 1000 });
    p.name(1, "onebench-worker");
    p.record(1, 900, 0);
    const queue = [{ handlerId: 1, timestamp: 0 }, { handlerId: 7, timestamp: 10 }];
    expect(p.pick(queue, 1500)).toBe(1);
    expect(p.pick(queue, 2000)).toBe(0);
    // Unnamed clients (scripts) count as visitors; a forgotten client too.
    p.forget(1);
    expect(p.isBackground(1)).toBe(false);
  });
});
