// Upload bundles through the real import path (results-format §"Images"): images stored in the
// database content-addressed with thumbnails, served at their stable URL with the right headers,
// and every bad entry rejecting the line that names it, all-or-nothing.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getImage } from "@/app/api/images/[sha256]/route";
import { closeDb, pool } from "@/lib/db/client";
import { jpegWithExif, pngBomb, solidImage } from "@/lib/images/test-images";
import { stopQueue } from "@/lib/queue";
import { getSampleDetail } from "@/lib/samples/detail";
import { tarGzBundle, zipBundle, type BundleFile } from "@/scripts/lib/bundle-writer";
import { resetDatabase, tableCounts } from "@/test/db";
import { importFile } from "../index";
import { CONVERTERS, type FormatName } from "../formats";
import { collect, fixture, FIXTURES } from "../formats/test-helpers";

const dir = mkdtempSync(path.join(tmpdir(), "bundle-it-"));
let n = 0;
function write(bytes: Buffer, ext: string): string {
  const f = path.join(dir, `b${n++}${ext}`);
  writeFileSync(f, bytes);
  return f;
}
const jsonl = (lines: object[]) => Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
const sample = (id: string, image?: string) => ({ type: "sample", id, benchmark: "charts", input: `How many bars in chart ${id}?`, ...(image ? { image } : {}) });
const score = (id: string, model: string, value: number) => ({ type: "score", sample: id, model, metric: "accuracy", value });

beforeEach(resetDatabase);
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

const ctx = (sha256: string) => ({ params: Promise.resolve({ sha256 }) });
const fetchImage = (sha: string, query = "", headers: Record<string, string> = {}) =>
  getImage(new NextRequest(new URL(`/api/images/${sha}${query}`, "http://localhost"), { headers }), ctx(sha));

async function shaOf(id: string): Promise<string | null> {
  const r = await pool().query<{ image_sha256: string | null }>(`SELECT image_sha256 FROM samples WHERE id = $1`, [id]);
  return r.rows[0]?.image_sha256 ?? null;
}

describe("bundles", () => {
  it("imports a .tar.gz: images stored once, EXIF stripped, thumbnails made, served with cache headers", async () => {
    const png = await solidImage("png", 320, 200);
    const files: BundleFile[] = [
      { path: "results.jsonl", bytes: jsonl([sample("c/1", "img/one.png"), sample("c/2", "./img/exif.jpg"), sample("c/3", "img/same.png"), score("c/1", "m1", 1), score("c/1", "m2", 0)]) },
      { path: "img/one.png", bytes: png },
      { path: "img/same.png", bytes: png },
      { path: "img/exif.jpg", bytes: await jpegWithExif() },
      { path: "img/unused.png", bytes: await solidImage("png", 10, 10, "#00ff00") },
    ];
    const report = await importFile(write(tarGzBundle(files), ".tar.gz"));
    expect(report.errors).toEqual([]);
    expect(report.status).toBe("done");
    expect(report.counts.samples_new).toBe(3);
    const one = await shaOf("c/1");
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(await shaOf("c/3")).toBe(one);
    // Two distinct pictures are kept; the one no line names is not.
    expect((await tableCounts()).images).toBe(2);

    const res = await fetchImage(one!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetchImage(one!, "", { "if-none-match": `"${one}"` })).status).toBe(304);
    const thumb = await fetchImage(one!, "?size=thumb");
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(256);

    const exif = await fetchImage((await shaOf("c/2"))!);
    const served = Buffer.from(await exif.arrayBuffer());
    expect(exif.headers.get("content-type")).toBe("image/jpeg");
    expect(served.includes(Buffer.from("SecretCam"))).toBe(false);
    expect((await sharp(served).metadata()).exif).toBeUndefined();

    const detail = await getSampleDetail("c/1");
    expect(detail?.image).toBe(`/api/images/${one}`);
    expect((await fetchImage("0".repeat(64))).status).toBe(404);
    expect((await fetchImage("../etc")).status).toBe(400);
  });

  it("rejects each bad image line of a .zip by number and message, and stores nothing", async () => {
    const before = await tableCounts();
    const files: BundleFile[] = [
      {
        path: "data/results.jsonl",
        bytes: jsonl([
          sample("z/ok", "ok.png"),
          sample("z/missing", "nope.png"),
          sample("z/traversal", "../secret.png"),
          sample("z/absolute", "/etc/passwd"),
          sample("z/text", "notes.png"),
          sample("z/bomb", "bomb.png"),
          score("z/text", "m1", 1),
        ]),
      },
      { path: "ok.png", bytes: await solidImage("png") },
      { path: "notes.png", bytes: Buffer.from("just some text with a .png name") },
      { path: "bomb.png", bytes: pngBomb() },
      { path: "../secret.png", bytes: await solidImage("png") },
      { path: "/etc/passwd", bytes: Buffer.from("root:x:0:0") },
    ];
    const report = await importFile(write(zipBundle(files), ".zip"));
    expect(report.status).toBe("failed");
    const byLine = Object.fromEntries(report.errors.map((e) => [e.line, e.message]));
    expect(Object.keys(byLine).map(Number)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(byLine[2]).toMatch(/"image": the bundle holds no file "nope.png"/);
    expect(byLine[3]).toMatch(/image.*must not contain "\.\."/);
    expect(byLine[4]).toMatch(/image.*absolute/);
    expect(byLine[5]).toMatch(/"notes.png" is not a PNG, JPEG, WebP or GIF image/);
    expect(byLine[6]).toMatch(/"bomb.png" declares 100000 × 100000 pixels/);
    expect(byLine[7]).toMatch(/z\/text/);
    expect(report.message).toMatch(/nothing was stored/);
    expect(await tableCounts()).toEqual({ ...before, uploads: before.uploads + 1 });
    // Nothing was unpacked to disk: the upload's directory holds only what the test wrote.
    expect(readdirSync(dir).every((f) => /^b\d+\./.test(f))).toBe(true);
  });

  it("a tar link entry rejects its line; partial=true keeps the valid lines and only their images", async () => {
    const files: BundleFile[] = [
      { path: "r.jsonl", bytes: jsonl([sample("p/ok", "a.gif"), sample("p/link", "link.png")]) },
      { path: "a.gif", bytes: await solidImage("gif") },
    ];
    const report = await importFile(write(tarGzBundle(files, [{ path: "link.png", target: "/etc/passwd" }]), ".tgz"), { partial: true });
    expect(report.status).toBe("done");
    expect(report.errors).toEqual([{ line: 2, message: expect.stringMatching(/"link.png" is a link, not a file/) }]);
    expect(await shaOf("p/ok")).not.toBeNull();
    expect((await tableCounts()).images).toBe(1);
  });

  it("names the bundle's problem when it holds no or two results files, and refuses `image` outside a bundle", async () => {
    const none = await importFile(write(zipBundle([{ path: "a.png", bytes: await solidImage("png") }]), ".zip"));
    expect(none.errors[0].message).toMatch(/holds no results file/);
    const two = await importFile(write(zipBundle([{ path: "a.jsonl", bytes: jsonl([sample("t/1")]) }, { path: "b.jsonl", bytes: jsonl([sample("t/2")]) }]), ".zip"));
    expect(two.errors[0].message).toMatch(/2 results files \(a.jsonl, b.jsonl\)/);
    const plain = await importFile(write(jsonl([sample("t/3", "x.png")]), ".jsonl"));
    expect(plain.errors).toEqual([{ line: 1, message: expect.stringMatching(/single results file: send a .zip or .tar.gz/) }]);
    expect((await tableCounts()).samples).toBe(0);
  });
});

// Tools that write a run as several files (HELM, lm-evaluation-harness, Inspect's .eval zip): the
// bundle's entries go to that tool's converter together. Before, a bundle's one *.jsonl was taken as
// a results file and anything else refused, so none of these runs could be uploaded at all.
describe("bundles of another tool's run", () => {
  /** The fixture run's files as bundle entries under `dir/`, and what its converter makes of them alone. */
  async function run(format: FormatName, dir: string, names: string[]) {
    const entries: BundleFile[] = names.map((n) => ({ path: `${dir}/${n}`, bytes: readFileSync(path.join(FIXTURES, format, dir, n)) }));
    const converted = await collect(CONVERTERS[format], fixture(format, ...names.map((n) => `${dir}/${n}`)));
    const samples = new Set(converted.records.filter((r) => r.type === "sample").map((r) => (r as { id: string }).id));
    const measurements = converted.records.filter((r) => r.type === "score").length;
    return { entries, samples, measurements, converted };
  }
  const stored = async (prefix: string) =>
    (await pool().query<{ samples: number; measurements: number }>(
      `SELECT count(DISTINCT s.pk)::int AS samples, count(m.*)::int AS measurements FROM samples s LEFT JOIN measurements m ON m.sample_pk = s.pk WHERE s.id LIKE $1`,
      [`${prefix}%`],
    )).rows[0];

  it("a HELM run directory as a .zip: its main split's instances and per-instance stats", async () => {
    const helmRun = "mmlu:subject=anatomy,method=multiple_choice_joint,model=openai_gpt2";
    const r = await run("helm", helmRun, ["run_spec.json", "scenario.json", "scenario_state.json", "per_instance_stats.json"]);
    expect(r.samples.size).toBe(3);
    const report = await importFile(write(zipBundle(r.entries), ".zip"));
    expect(report.errors).toEqual([]);
    expect(report.status).toBe("done");
    expect(report.counts.samples_new).toBe(r.samples.size);
    expect(report.counts.measurements_new).toBe(r.measurements);
    expect(await stored("helm/")).toEqual({ samples: 3, measurements: r.measurements });
    const id12 = await getSampleDetail("helm/mmlu:subject=anatomy,method=multiple_choice_joint/id12");
    const exact = id12?.measurements.flatMap((m) => (m.type === "score" && m.metric === "exact_match" ? [[m.model, m.value]] : []));
    expect(exact).toEqual([["openai/gpt2", 1]]);
  });

  it("an lm-evaluation-harness output folder as a .tar.gz: every task's samples file, the model from the results file", async () => {
    const names = readdirSync(path.join(FIXTURES, "lm-eval", "EleutherAI__pythia-160m"));
    expect(names.filter((n) => n.startsWith("samples_")).length).toBe(3);
    const r = await run("lm-eval", "EleutherAI__pythia-160m", names);
    expect(r.converted.errors).toEqual([]);
    // As macOS's archiver packs a folder: each file's extended attributes beside it, never part of the run.
    const macOs = r.entries.flatMap((e) => [{ path: `__MACOSX/${e.path.replace(/[^/]+$/, "._$&")}`, bytes: Buffer.from([0, 5, 22, 7]) }]);
    macOs.push({ path: "EleutherAI__pythia-160m/._results.json", bytes: Buffer.from([0, 5, 22, 7]) });
    const report = await importFile(write(tarGzBundle([...r.entries, ...macOs]), ".tar.gz"));
    expect(report.errors).toEqual([]);
    expect(report.counts.samples_new).toBe(r.samples.size);
    expect(report.counts.measurements_new).toBe(r.measurements);
    const models = await pool().query<{ name: string }>(`SELECT name FROM models`);
    expect(models.rows.map((m) => m.name)).toEqual(["EleutherAI/pythia-160m"]);
  });

  it("an Inspect .eval log (a zip of header.json and samples/*.json), uploaded as the tool wrote it", async () => {
    const names = ["header.json", "reductions.json", ...readdirSync(path.join(FIXTURES, "inspect", "eval-zip", "samples")).map((n) => `samples/${n}`)];
    const r = await run("inspect", "eval-zip", names);
    expect(r.samples.size).toBeGreaterThan(0);
    // The fixture's one unmappable score ("maybe") is the converter's error, named by its entry; the rest is kept (partial).
    expect(r.converted.errors.length).toBe(1);
    // The archive's own layout: entries at its root.
    const report = await importFile(write(zipBundle(r.entries.map((e) => ({ ...e, path: e.path.slice("eval-zip/".length) }))), ".eval"), { partial: true });
    expect(report.status).toBe("done");
    expect(report.errors).toEqual([{ line: 0, message: expect.stringMatching(/^samples\/3_epoch_1\.json: .*"maybe"/) }]);
    expect(report.counts.samples_new).toBe(r.samples.size);
    expect(report.counts.measurements_new).toBe(r.measurements);
  });

  it("still refuses a bundle that is neither a run of a tool nor holds one results file", async () => {
    const none = await importFile(write(zipBundle([{ path: "notes.json", bytes: Buffer.from("{}") }]), ".zip"));
    expect(none.errors[0].message).toMatch(/holds no results file/);
    expect((await tableCounts()).samples).toBe(0);
  });
});

