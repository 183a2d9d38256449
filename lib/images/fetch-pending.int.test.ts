// The worker's image_url job on the real database, against a local server: with the real policy the
// server sees no request and each sample records why; with a policy admitting the test server the
// image is stored and served, and a non-image is refused on its sample — never a failed job.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { stopQueue } from "@/lib/queue";
import { getSampleDetail } from "@/lib/samples/detail";
import { uploadLines } from "@/test/demo";
import { resetDatabase } from "@/test/db";
import { publicAddressesOnly } from "./address-policy";
import { fetchPendingImages } from "./fetch-pending";
import { solidImage } from "./test-images";

const requests: string[] = [];
let base = "";
let png: Buffer;
const server = http.createServer((req, res) => {
  requests.push(req.url ?? "");
  if (req.url === "/chart.png") return res.writeHead(200, { "content-type": "image/png" }).end(png);
  res.writeHead(200, { "content-type": "image/png" }).end("<html>not an image</html>");
});

beforeAll(async () => {
  png = await solidImage("png", 300, 200);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(resetDatabase);
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await stopQueue();
  await closeDb();
});

const lines = () => [
  { type: "sample", id: "u/chart", benchmark: "u", input: "Which bar is tallest?", image_url: `${base}/chart.png` },
  { type: "sample", id: "u/page", benchmark: "u", input: "What does the page show?", image_url: `${base}/page.html` },
];

describe("fetching image_url", () => {
  it("refuses loopback URLs without a request, and says so on each sample", async () => {
    await uploadLines(lines());
    expect(await fetchPendingImages()).toEqual({ stored: 0, refused: 2 });
    expect(requests).toEqual([]);
    const detail = await getSampleDetail("u/chart");
    expect(detail?.image).toBeNull();
    expect(detail?.image_error).toMatch(/^image_url not fetched: refused to fetch from 127\.0\.0\.1: 127\.0\.0\.1 is a loopback address/);
    // Refused once is refused: the next run does not try again.
    expect(await fetchPendingImages()).toEqual({ stored: 0, refused: 0 });
  });

  it("stores what a permitted server sends, refuses a non-image on its sample, and refetches a changed URL", async () => {
    await uploadLines(lines());
    const policy = (a: string) => (a === "127.0.0.1" ? null : publicAddressesOnly(a));
    expect(await fetchPendingImages({ policy })).toEqual({ stored: 1, refused: 1 });
    const chart = await getSampleDetail("u/chart");
    expect(chart?.image).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
    expect(chart?.image_error).toBeNull();
    expect((await getSampleDetail("u/page"))?.image_error).toMatch(/image_url: the file is not a PNG, JPEG, WebP or GIF image/);

    // The same line again changes nothing; a new URL clears the old outcome and is fetched again.
    await uploadLines(lines());
    expect(await fetchPendingImages({ policy })).toEqual({ stored: 0, refused: 0 });
    await uploadLines([{ ...lines()[1], image_url: `${base}/chart.png` }]);
    const r = await pool().query(`SELECT image_sha256, image_error FROM samples WHERE id = 'u/page'`);
    expect(r.rows[0]).toEqual({ image_sha256: null, image_error: null });
    expect(await fetchPendingImages({ policy })).toEqual({ stored: 1, refused: 0 });
  });
});
