import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./fixtures";
import { DEMO_BASELINE } from "../scripts/demo/planted";
import { expectAccessible, screenshot } from "./helpers";

// Hostile text: an upload whose names and texts are script tags, javascript: links, spreadsheet
// formulas, right-to-left overrides and very long names. Every page that shows them must render
// them as text: no dialog, no console error, no script run (CSP forbids inline script anyway, and
// a violation would be a console error). Also: missing things answer 404 inside the layout,
// malformed paths never reach the framework, every answer carries the security headers, and
// every page passes axe-core with no serious or critical violation.
const BENCH = "hostile-<b>bench</b>";
const XSS = "<script>alert('model')</script>";
const IMG = '"><img src=x onerror=alert(1)>';
const FORMULA = '=HYPERLINK("http://evil.example","click")';
const CMD = "+cmd|' /C calc'!A0";
const RTL = "\u202Egnp.exe-model";
/** An isolate opened and never closed: without isolation it would capture the rest of its line. */
const ISOLATE = "\u2067ledom-\u2066ltr";
const LONG = `long-${"W".repeat(194)}`;
const JS_LINK = "javascript:alert(1)";
const MODELS = [XSS, IMG, FORMULA, CMD, RTL, ISOLATE, LONG, JS_LINK, "@SUM(1+1)"];
const SAMPLES = [`${BENCH}/<svg onload=alert(1)>`, `${BENCH}/1`, `${BENCH}/2`, `${BENCH}/3`];

function hostileFile(): string {
  const lines: object[] = [];
  SAMPLES.forEach((id, i) => {
    lines.push({
      type: "sample",
      id,
      benchmark: BENCH,
      task: JS_LINK,
      input: `<script>alert(document.cookie)</script> Question ${i} <a href="javascript:alert(2)">click</a> \u202Edesrever`,
      reference: `</textarea><svg onload=alert(3)> ${FORMULA}`,
      // Tags of their own, so that specs running later see the demo's capabilities unchanged.
      tags: ["<img src=x onerror=alert(4)>", "hostile-tag"],
      metadata: { "<b>key</b>": "<i>value</i>" },
    });
    // The baseline answers too: the hostile models stay connected to it (no "not connected" warnings elsewhere).
    [...MODELS, DEMO_BASELINE].forEach((model, j) => lines.push({ type: "score", sample: id, model, metric: "accuracy", value: (i + j) % 2 }));
  });
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

/** Fails the test on any dialog, page error or console error while `page` is used. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("dialog", (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} for ${r.url()}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  return problems;
}

/** Where the hostile texts carry bidi controls: each is rendered at the end of its own text node. */
const BIDI_TEXTS = [RTL, ISOLATE, "\u202Edesrever"];

/**
 * Text nodes holding bidi controls (U+202A–202E, U+2066–2069) whose effect is not contained. The
 * node must end with the hostile text (nothing after it in the same run: another name joined to it
 * would be reordered), and the nearest enclosing element that bounds a bidi paragraph or isolate
 * (unicode-bidi isolate or plaintext, <bdi>, a block) must be an isolate or hold nothing but that
 * text. Returns the offenders.
 */
async function leakingBidi(page: Page): Promise<string[]> {
  return page.evaluate((texts) => {
    const controls = /[\u202A-\u202E\u2066-\u2069]/;
    // Never rendered as text: scripts and the like, an SVG <title> (a tooltip) and the document's
    // <title>, which Next.js streams into the body when the page's metadata resolves after its shell.
    const skip = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "title", "TITLE"]);
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (!controls.test(text) || !node.parentElement || skip.has(node.parentElement.tagName)) continue;
      if (!texts.some((t) => text.trimEnd().endsWith(t))) out.push(`text run continues after the hostile text: ${text.slice(0, 80)}`);
      let el: Element | null = node.parentElement;
      while (el) {
        const style = getComputedStyle(el);
        if (el.tagName === "BDI" || /isolate|plaintext/.test(style.unicodeBidi)) break;
        if (el.tagName === "text" || !/^inline$|^contents$/.test(style.display)) {
          if ((el.textContent ?? "").trim() !== text.trim()) out.push(`<${el.tagName.toLowerCase()}> not isolated: ${(el.textContent ?? "").slice(0, 80)}`);
          break;
        }
        el = el.parentElement;
      }
    }
    return out;
  }, BIDI_TEXTS);
}

const path = (...segments: string[]) => `/${segments.map(encodeURIComponent).join("/")}`;
const sampleHref = (id: string) => `/samples/${id.split("/").map(encodeURIComponent).join("/")}`;
const bench = `benchmark=${encodeURIComponent(BENCH)}`;


test("upload hostile names and texts", async ({ request }) => {
  const res = await request.post("/api/uploads", {
    headers: { Authorization: `Bearer ${process.env.E2E_TOKEN}`, "Content-Type": "application/x-ndjson" },
    data: hostileFile(),
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).status).toBe("done");
});

test("every page that shows them renders them as text, runs no script and passes axe", async ({ page }) => {
  test.setTimeout(480_000);
  const problems = watch(page);
  const pages: [string, string | null][] = [
    [`/leaderboard?${bench}`, XSS],
    [`/query?q=${encodeURIComponent("<script>alert(5)</script>")}&${bench}`, null],
    [`/samples?${bench}`, null],
    [sampleHref(SAMPLES[0]), "<script>alert(document.cookie)</script>"],
    [`/compare?models=${encodeURIComponent(XSS)}&models=${encodeURIComponent(FORMULA)}&${bench}`, FORMULA],
    ...MODELS.map((m): [string, string] => [`${path("models", m)}?${bench}`, m]),
    ["/", null],
    ["/leaderboards", null],
    ["/leaderboards/overall", null],
    ["/upload", null],
    ["/about", null],
  ];
  for (const [url, shown] of pages) {
    const res = await page.goto(url);
    expect.soft(res?.status(), url).toBe(200);
    await page.waitForLoadState("networkidle");
    if (shown) await expect.soft(page.getByText(shown, { exact: false }).first(), url).toBeAttached();
    expect.soft(await leakingBidi(page), `bidi controls not isolated on ${url}`).toEqual([]);
    await expectAccessible(page, url);
  }
  await page.goto(`${path("models", XSS)}?${bench}`);
  expect(await page.title()).toContain(XSS);
  await screenshot(page, "hostile-model");
  await page.goto(`/leaderboard?${bench}`);
  await screenshot(page, "hostile-leaderboard");
  expect(problems).toEqual([]);
});

test("the CSV export neutralises formula cells", async ({ page }) => {
  await page.goto(`/leaderboard?${bench}`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const csv = readFileSync((await download.path())!, "utf8");
  const models = csv.trimEnd().split("\r\n").slice(1).map((line) => line.split(",")[3]);
  expect(csv).toContain(`"'${FORMULA.replace(/"/g, '""')}"`);
  expect(models).toContain(`'${CMD}`);
  expect(models).toContain("'@SUM(1+1)");
  expect(models.every((m) => !/^[=+\-@\t\r]/.test(m.replace(/^"/, "")))).toBe(true);
});

test("missing things answer 404 inside the layout; malformed paths never reach the framework", async ({ page, request }) => {
  // The title says what was not found, never the name asked for as if it existed.
  const missing: [string, string, RegExp][] = [
    ["/models/nobody-at-all", "No such model", /^Model not found · /],
    ["/samples/no-such/sample", "No such sample", /^Sample not found · /],
    ["/leaderboards/no-such-slug", "No saved leaderboard by that name", /^Leaderboard not found · /],
    ["/benchmarks/no-such-benchmark", "Not found", /^Benchmark not found · /],
    ["/no-such-page", "Not found", /^Not found · /],
    ["/models/%ZZ", "Not found", /^Not found · /],
    ["/samples/x/%ED%A0%80", "Not found", /Not found/],
    ["/models/a%00b", "Not found", /Not found/],
  ];
  for (const [url, message, title] of missing) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(404);
    await expect(page.getByRole("navigation", { name: "Main" }), url).toBeVisible();
    await expect(page.getByText(message, { exact: true }), url).toBeVisible();
    await expect(page, url).toHaveTitle(title);
  }
  for (const [url, status] of [["/api/models/nobody-at-all", 404], ["/api/no-such-route", 404], ["/api/models/%ZZ", 400], ["/api/samples/x/%ED%A0%80", 400], [`/api/leaderboard?${bench}%00`, 400], ["/api/leaderboard?k=0x10", 400]] as const) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(status);
    expect((await res.json()).error.message, url).toBeTruthy();
  }
  const refused = await request.fetch("/api/leaderboard", { method: "DELETE" });
  expect(refused.status()).toBe(405);
  expect(refused.headers()["allow"]).toBe("GET");
  expect((await refused.json()).error.code).toBe("method_not_allowed");
});

test("pages with invalid parameters answer 400 inside the layout, naming the parameter", async ({ page }) => {
  const invalid: [string, string][] = [
    ["/leaderboard?k=abc", 'Parameter "k"'],
    ["/samples?threshold=2", 'Parameter "threshold"'],
    ["/compare?k=-1", 'Parameter "k"'],
    [`/models/${encodeURIComponent(DEMO_BASELINE)}?limit=0`, 'Parameter "limit"'],
    ["/query?method=nonsense", 'Parameter "method"'],
  ];
  for (const [url, message] of invalid) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(400);
    await expect(page.getByRole("navigation", { name: "Main" }), url).toBeVisible();
    await expect(page.getByText(message).first(), url).toBeVisible();
  }
  expect((await page.goto("/leaderboard?k=50"))?.status()).toBe(200);
});

test("security headers: a nonce CSP without inline script on pages, and pages still hydrate", async ({ page, request }) => {
  const res = await request.get("/leaderboards");
  const h = res.headers();
  const csp = h["content-security-policy"];
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(/script-src[^;]*'unsafe-inline'/.test(csp)).toBe(false);
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const scripts = [...(await res.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);

  const api = await request.get("/api/leaderboards");
  expect(api.headers()["cache-control"]).toBe("public, no-cache");
  expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await request.get("/api/health")).headers()["cache-control"]).toBe("no-store");
  expect((await request.get("/api/leaderboard?k=0")).headers()["cache-control"]).toBe("no-store");

  // Hydrated: client-side navigation works (a full load would reset this marker).
  const problems = watch(page);
  await page.goto("/leaderboards");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Method" }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(problems).toEqual([]);
});
