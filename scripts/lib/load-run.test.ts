import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateWait, loadRun, summarise, type UploadTiming } from "./load-run";

let server: Server;
let base = "";
beforeAll(async () => {
  // "/" says it came from the page cache, as the portal's web servers do for a kept page; the others
  // that they waited 40 ms for a turn in the request gate, as the gate tells every request it gates
  // (in its name's usual case, as Node writes it: autocannon hands the names over as they came).
  server = createServer((req, res) =>
    res.writeHead(req.url?.startsWith("/missing") ? 404 : 200, req.url === "/" ? { "x-portal-page-cache": "hit" } : { "Server-Timing": 'gate;dur=40;desc="wait for a turn"' }).end("ok"),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("loadRun", () => {
  it("reports the end of the traffic before waiting for a slower upload, and counts answers by kind", async () => {
    const events: string[] = [];
    const upload = (): Promise<UploadTiming> =>
      new Promise((resolve) =>
        // Outlasts the 1 s of traffic by about 2 s.
        setTimeout(() => {
          events.push("upload done");
          resolve({ status: "done", acceptedMs: 1, doneMs: 3000 });
        }, 3000),
      );
    const r = await loadRun({
      base,
      clients: 2,
      seconds: 1,
      timeoutS: 5,
      mix: [
        { kind: "page /", path: () => "/" },
        { kind: "page /samples/id", path: () => "/missing" },
      ],
      upload,
      trafficEnded: () => events.push("traffic ended"),
    });
    expect(events).toEqual(["traffic ended", "upload done"]);
    // The run's seconds are the traffic's, not the upload's.
    expect(r.seconds).toBeGreaterThan(0.9);
    expect(r.seconds).toBeLessThan(2.5);
    expect(r.upload.status).toBe("done");
    const kinds = new Set(r.answers.map((a) => a.kind));
    expect(kinds).toEqual(new Set(["page /", "page /samples/id"]));
    for (const a of r.answers) expect(a.status).toBe(a.kind === "page /" ? 200 : 404);
    expect(summarise(r).non2xx["404"]).toBe(r.answers.filter((a) => a.status === 404).length);
    // Answers from the page cache are told apart (and the p95 of the others reported).
    for (const a of r.answers) expect(a.cached).toBe(a.kind === "page /");
    expect(summarise(r).cached).toBe(r.answers.filter((a) => a.kind === "page /").length);
    expect(summarise(r).cached).toBeGreaterThan(0);
    // The gate's wait is read per answer; the cached ones took no turn.
    for (const a of r.answers) expect(a.waitMs).toBe(a.kind === "page /" ? null : 40);
    const gated = summarise(r).gated!;
    expect(gated.n).toBe(r.answers.filter((a) => a.kind !== "page /").length);
    expect(gated.wait).toEqual({ p50: 40, p95: 40 });
    expect(gated.rest.p95).toBeLessThan(1000);
  });

  it("reads the gate's wait from a Server-Timing header among other metrics, and none from a header without it", () => {
    expect(gateWait('gate;dur=1450.5;desc="wait for a turn"')).toBe(1450.5);
    expect(gateWait('db;dur=3, gate;dur=12;desc="wait for a turn"')).toBe(12);
    expect(gateWait(["cache;desc=hit", "gate;dur=7"])).toBe(7);
    expect(gateWait("gateway;dur=5")).toBeNull();
    expect(gateWait("db;dur=3")).toBeNull();
    expect(gateWait(undefined)).toBeNull();
  });

  it("starts each client at its own kind of request, or every one at the first with lockstep", async () => {
    // A server that holds each answer 300 ms: the first four requests it sees are the four clients' first.
    const seen: string[] = [];
    const slow = createServer((req, res) => {
      seen.push(req.url ?? "");
      setTimeout(() => res.end("ok"), 300);
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const slowBase = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const kinds = ["page /", "page /leaderboard", "page /compare", "page /models/name"] as const;
    const mix = kinds.map((kind, i) => ({ kind, path: () => `/k${i}` }));
    const none = async (): Promise<UploadTiming> => ({ status: "none", acceptedMs: 0, doneMs: 0 });
    try {
      const spread = await loadRun({ base: slowBase, clients: 4, seconds: 1, timeoutS: 5, mix, upload: none });
      expect(new Set(seen.slice(0, 4))).toEqual(new Set(["/k0", "/k1", "/k2", "/k3"]));
      // Each answer is still counted under its own kind (every client went round its cycle).
      expect(new Set(spread.answers.map((a) => a.kind))).toEqual(new Set(kinds));
      seen.length = 0;
      await loadRun({ base: slowBase, clients: 4, seconds: 1, timeoutS: 5, mix, upload: none, lockstep: true });
      expect(seen.slice(0, 4)).toEqual(["/k0", "/k0", "/k0", "/k0"]);
    } finally {
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});
