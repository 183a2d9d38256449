import { expect, test } from "./fixtures";
import { demoSamplesWithResult, plantedLeader } from "../scripts/demo/planted";
import { waitForEmbeddings } from "./helpers";

// The rendered-page cache of `npm start` (scripts/lib/page-cache.mjs) answers a sample's page, a
// capability leaderboard and a comparison again without rendering them while the pool's state
// stays the same. Each is kept from its URL's second render in a web server (one of two, whichever
// the connection reaches), and the worker may still be refreshing saved leaderboards after the
// start (that moves the state a page is kept under): each page is asked for until it comes from
// the cache.
const SAMPLE = demoSamplesWithResult("demo-bio-qa", plantedLeader("biology"))[0];
const samplePath = `/samples/${SAMPLE.split("/").map(encodeURIComponent).join("/")}`;
const CACHE = "x-portal-page-cache";

test("a sample's page, a capability leaderboard and a comparison come from the page cache when asked again", async ({ request }) => {
  await waitForEmbeddings(request);
  const pages: [url: string, shows: string][] = [
    [samplePath, SAMPLE],
    [`/leaderboard?q=${encodeURIComponent("antibodies page cache")}`, "Best models for"],
    [`/compare?q=${encodeURIComponent("antibodies page cache")}`, "Head-to-head win probability"],
  ];
  for (const [url, shows] of pages) {
    const first = await request.get(url);
    expect(first.status(), url).toBe(200);
    expect(first.headers()[CACHE], `${url}: rendered the first time`).toBeUndefined();
    let hit = "";
    await expect
      .poll(
        async () => {
          const res = await request.get(url);
          hit = await res.text();
          return `${res.status()} ${res.headers()[CACHE] ?? "rendered"}`;
        },
        { message: `${url} from the cache`, timeout: 60_000 },
      )
      .toBe("200 hit");
    expect(hit, url).toContain(shows);
  }
});
