// image_url fetching against a local server this test starts. With the real policy the server must
// see no request at all (refusals happen before connecting); a test policy that admits 127.0.0.1
// exercises redirects, size caps and timeouts against the same server.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicAddressesOnly } from "./address-policy";
import { FetchRefused, fetchImageBytes } from "./fetch";

const requests: string[] = [];
let base = "";
let port = 0;
const server = http.createServer((req, res) => {
  requests.push(req.url ?? "");
  const url = req.url ?? "";
  if (url === "/ok.png") return res.end(Buffer.from("pretend-png"));
  if (url === "/to-metadata") return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
  if (url === "/to-private") return res.writeHead(301, { location: "http://10.1.2.3/x.png" }).end();
  if (url.startsWith("/loop")) return res.writeHead(302, { location: `/loop${url.length}` }).end();
  if (url === "/two-hops") return res.writeHead(302, { location: "/one-hop" }).end();
  if (url === "/one-hop") return res.writeHead(307, { location: `${base}/ok.png` }).end();
  if (url === "/big") {
    // No Content-Length: the cap must hold while streaming.
    res.write(Buffer.alloc(800));
    res.write(Buffer.alloc(800));
    return res.end();
  }
  if (url === "/declared-big") return res.writeHead(200, { "content-length": "5000" }).end(Buffer.alloc(5000));
  if (url === "/slow") return; // never answers
  res.writeHead(404).end();
});

const onlyLocal = (a: string) => (a === "127.0.0.1" ? null : publicAddressesOnly(a));

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("the address policy", () => {
  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.0.0.8", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.100.100.200", "fd00:ec2::254", "fe80::1", "224.0.0.1", "ff02::1", "0.0.0.0", "255.255.255.255", "2002:7f00:1::1"])(
    "refuses %s",
    (a) => expect(publicAddressesOnly(a)).toMatch(/not a public one/),
  );
  it.each(["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111"])("admits %s", (a) => expect(publicAddressesOnly(a)).toBeNull());
});

describe("fetchImageBytes with the real policy", () => {
  it.each([
    [() => `${base}/ok.png`, /127\.0\.0\.1 is a loopback address/],
    [() => `http://localhost:${port}/ok.png`, /loopback address/],
    [() => `http://[::ffff:127.0.0.1]:${port}/ok.png`, /loopback address/],
    [() => `http://[::1]:${port}/ok.png`, /loopback address/],
    [() => "http://169.254.169.254/latest/meta-data/", /linkLocal address/],
    [() => "http://10.0.0.1/a.png", /private address/],
    [() => `file:///etc/passwd`, /only http and https URLs are fetched \(got file\)/],
    [() => `ftp://127.0.0.1:${port}/ok.png`, /got ftp/],
    [() => `http://user:pw@127.0.0.1:${port}/ok.png`, /credentials/],
    [() => "not a url", /is not a URL/],
  ])("refuses %s before connecting", async (url, message) => {
    await expect(fetchImageBytes(url())).rejects.toThrow(message);
    expect(requests).toEqual([]);
  });
});

describe("fetchImageBytes against a server the test policy admits", () => {
  const get = (path: string, o = {}) => fetchImageBytes(`${base}${path}`, { policy: onlyLocal, ...o });

  it("returns the body, following up to 3 redirects", async () => {
    expect((await get("/ok.png")).toString()).toBe("pretend-png");
    expect((await get("/two-hops")).toString()).toBe("pretend-png");
  });

  it("checks every redirect's target before following it", async () => {
    requests.length = 0;
    await expect(get("/to-metadata")).rejects.toThrow(/169\.254\.169\.254 is a linkLocal address/);
    await expect(get("/to-private")).rejects.toThrow(/10\.1\.2\.3 is a private address/);
    expect(requests).toEqual(["/to-metadata", "/to-private"]);
  });

  it("stops after 3 redirects", async () => {
    requests.length = 0;
    await expect(get("/loop")).rejects.toThrow(/more than 3 redirects/);
    expect(requests).toHaveLength(4);
  });

  it("caps the size while streaming and by Content-Length", async () => {
    await expect(get("/big", { maxBytes: 1000 })).rejects.toThrow(/more than the limit of 1000 bytes/);
    await expect(get("/declared-big", { maxBytes: 1000 })).rejects.toThrow(/5000 bytes, more than the limit of 1000/);
  });

  it("times out a server that never answers, and reports HTTP errors", async () => {
    await expect(get("/slow", { idleTimeoutMs: 200, timeoutMs: 5000 })).rejects.toThrow(/no answer for 0.2 s/);
    await expect(get("/slow", { idleTimeoutMs: 5000, timeoutMs: 300 })).rejects.toThrow(/longer than 0.3 s/);
    const err = await get("/missing").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchRefused);
    expect((err as Error).message).toMatch(/HTTP 404/);
  });
});
