/**
 * The committed demo data set (data/demo/) must equal what scripts/demo/generate.ts produces, be
 * valid results-format v1, and have the properties the README and summary.json promise.
 */
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { DemoLine, SampleLine } from "./format";
import { GeneratedDemo, generateDemo, generateDemoLines, gzipDemo } from "./generate";
import { DEMO_FILE, README_FILE, SUMMARY_FILE } from "./paths";
import { plantedLeader, type Capability } from "./planted";
import { BASELINE_MODEL, DOMAINS } from "./skills";
import { componentCount, recoveredLeaders } from "./verify";

let demo: GeneratedDemo;
let committedText: string;
let committed: DemoLine[];

beforeAll(() => {
  demo = generateDemo();
  committedText = gunzipSync(readFileSync(DEMO_FILE)).toString("utf8");
  committed = committedText.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as DemoLine);
});

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === "string";
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isStrArr = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr);

/** Checks one parsed line against the spec; returns the problems found (empty when valid). */
function validate(line: unknown, known: Set<string>): string[] {
  const e: string[] = [];
  if (!isObj(line)) return ["not an object"];
  const need = (k: string, ok: (v: unknown) => boolean, what: string, optional = false) => {
    if (!(k in line)) {
      if (!optional) e.push(`missing "${k}"`);
    } else if (!ok(line[k])) e.push(`"${k}" must be ${what}`);
  };
  const allowed: Record<string, string[]> = {
    sample: ["type", "id", "benchmark", "input", "reference", "task", "tags", "metadata", "image_url"],
    score: ["type", "sample", "model", "metric", "value", "higher_is_better"],
    pairwise: ["type", "sample", "model_a", "model_b", "winner", "p_a", "id"],
    ranking: ["type", "sample", "metric", "ranking"],
    unit_test: ["type", "sample", "model", "criterion", "value", "scale"],
  };
  const type = line.type;
  if (!isStr(type) || !(type in allowed)) return [`unknown type ${JSON.stringify(type)}`];
  for (const k of Object.keys(line)) if (!allowed[type].includes(k)) e.push(`unexpected field "${k}"`);
  if (type === "sample") {
    need("id", (v) => isStr(v) && v.length >= 1 && v.length <= 200, "a string of 1–200 chars");
    need("benchmark", (v) => isStr(v) && v.length > 0, "a non-empty string");
    need("input", (v) => isStr(v) && v.length > 0, "a non-empty string");
    need("reference", isStr, "a string", true);
    need("task", isStr, "a string", true);
    need("tags", isStrArr, "an array of strings", true);
    need("metadata", isObj, "an object", true);
    need("image_url", isStr, "a string", true);
    return e;
  }
  need("sample", (v) => isStr(v) && known.has(v), "the id of a sample defined earlier");
  if (type === "score") {
    need("model", isStr, "a string");
    need("metric", isStr, "a string");
    need("value", isNum, "a finite number");
    need("higher_is_better", (v) => typeof v === "boolean", "a boolean", true);
  } else if (type === "pairwise") {
    need("model_a", isStr, "a string");
    need("model_b", isStr, "a string");
    need("winner", (v) => v === "a" || v === "b" || v === "tie", '"a", "b" or "tie"');
    need("p_a", (v) => isNum(v) && v >= 0 && v <= 1, "a number in [0, 1]", true);
    need("id", isStr, "a string", true);
    if (line.model_a === line.model_b) e.push("model_a equals model_b");
  } else if (type === "ranking") {
    need("metric", isStr, "a string", true);
    need("ranking", (v) => Array.isArray(v) && v.length > 0 && v.every((t) => isStrArr(t) && t.length > 0), "a non-empty array of non-empty string arrays");
    if (Array.isArray(line.ranking)) {
      const flat = (line.ranking as unknown[]).flat();
      if (new Set(flat).size !== flat.length) e.push("a model appears in two tiers");
    }
  } else {
    need("model", isStr, "a string");
    need("criterion", isStr, "a string");
    need("value", isNum, "a finite number");
    need("scale", (v) => Array.isArray(v) && v.length === 2 && v.every(isNum) && (v[0] as number) < (v[1] as number), "[low, high]", true);
    const [lo, hi] = (line.scale as [number, number] | undefined) ?? [1, 5];
    if (isNum(line.value) && (line.value < lo || line.value > hi)) e.push(`"value" ${line.value} outside [${lo}, ${hi}]`);
  }
  return e;
}

describe("demo data set", () => {
  it("the committed file is exactly what the generator produces", () => {
    const want = demo.jsonl.split("\n");
    const got = committedText.split("\n");
    const first = want.findIndex((l, i) => l !== got[i]);
    expect(first === -1 && got.length === want.length ? "identical" : `first difference at line ${first + 1} (run npm run demo:generate)`).toBe("identical");
    expect(JSON.parse(readFileSync(SUMMARY_FILE, "utf8"))).toEqual(JSON.parse(JSON.stringify(demo.summary)));
    expect(readFileSync(README_FILE, "utf8")).toBe(demo.readme);
  });

  it("is deterministic and small, gzip without file name or mtime", () => {
    expect(generateDemoLines()).toEqual(demo.lines);
    const a = gzipDemo(demo.jsonl);
    expect(a.equals(gzipDemo(demo.jsonl))).toBe(true);
    const gz = readFileSync(DEMO_FILE);
    expect(gz.length).toBeLessThan(1_000_000);
    expect([gz[0], gz[1], gz[2]]).toEqual([0x1f, 0x8b, 8]);
    expect(gz[3] & 0x08).toBe(0); // no FNAME
    expect(gz.readUInt32LE(4)).toBe(0); // mtime 0
  });

  it("every line is valid results-format v1, with samples before their measurements", () => {
    const known = new Set<string>();
    const errors: string[] = [];
    committed.forEach((line, i) => {
      for (const err of validate(line, known)) errors.push(`line ${i + 1}: ${err}`);
      if (line.type === "sample") {
        if (known.has(line.id)) errors.push(`line ${i + 1}: duplicate sample id ${line.id}`);
        known.add(line.id);
      }
    });
    expect(errors.slice(0, 20)).toEqual([]);
  });

  it("keys are unique where the spec makes a line replace another", () => {
    const keys = new Set<string>();
    const dups: string[] = [];
    for (const l of committed) {
      let key: string | undefined;
      if (l.type === "score") key = `score|${l.sample}|${l.model}|${l.metric}`;
      else if (l.type === "unit_test") key = `unit|${l.sample}|${l.criterion}|${l.model}`;
      else if (l.type === "ranking") key = `ranking|${l.sample}|${l.metric ?? "ranking"}`;
      else if (l.type === "pairwise" && l.id) key = `pairwise|${l.id}`;
      if (key === undefined) continue;
      if (keys.has(key)) dups.push(key);
      keys.add(key);
    }
    expect(dups).toEqual([]);
  });

  it("has enough samples, benchmarks, models and topical variety", () => {
    const samples = committed.filter((l): l is SampleLine => l.type === "sample");
    expect(samples.length).toBeGreaterThanOrEqual(480);
    expect(new Set(samples.map((s) => s.benchmark)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(samples.map((s) => s.input)).size).toBe(samples.length);
    for (const s of samples) {
      expect(s.id.startsWith(`${s.benchmark}/`)).toBe(true);
      expect(s.task && s.tags && s.tags.length >= 2 && s.metadata).toBeTruthy();
      expect(s.metadata).toMatchObject({ source: "demo", language: "en" });
    }
    const bySub = new Map<string, number>();
    for (const s of samples) bySub.set(`${s.tags![0]}/${s.tags![1]}`, (bySub.get(`${s.tags![0]}/${s.tags![1]}`) ?? 0) + 1);
    for (const [k, n] of bySub) expect(n, k).toBeGreaterThanOrEqual(20);
    expect(new Set(samples.map((s) => s.tags![0])).size).toBeGreaterThanOrEqual(8);
    const antibodies = samples.filter((s) => s.tags!.includes("antibodies"));
    expect(antibodies.length).toBeGreaterThanOrEqual(20);
    expect(antibodies.every((s) => /antibod|immunoglobulin|Ig[AMGED]/i.test(s.input))).toBe(true);
    const models = new Set<string>();
    for (const l of committed) {
      if (l.type === "score" || l.type === "unit_test") models.add(l.model);
      else if (l.type === "pairwise") models.add(l.model_a).add(l.model_b);
      else if (l.type === "ranking") l.ranking.flat().forEach((m) => models.add(m));
    }
    expect(models.size).toBeGreaterThanOrEqual(14);
    expect(models.has(BASELINE_MODEL)).toBe(true);
  });

  it("contains every measurement kind of the format", () => {
    const scores = committed.filter((l) => l.type === "score");
    const acc = scores.filter((l) => l.metric === "accuracy");
    expect(acc.length).toBeGreaterThan(0);
    expect(acc.every((l) => l.value === 0 || l.value === 1)).toBe(true);
    expect(scores.some((l) => l.metric === "bleu" && l.higher_is_better !== false)).toBe(true);
    expect(scores.some((l) => l.metric === "gpt4-grade" && l.value >= 1 && l.value <= 10)).toBe(true);
    expect(scores.some((l) => l.higher_is_better === false)).toBe(true);
    const pw = committed.filter((l) => l.type === "pairwise");
    for (const w of ["a", "b", "tie"]) expect(pw.some((l) => l.winner === w && l.p_a === undefined), w).toBe(true);
    const weighted = pw.filter((l) => l.p_a !== undefined);
    expect(weighted.length).toBeGreaterThan(0);
    expect(weighted.every((l) => l.p_a! >= 0 && l.p_a! <= 1 && l.model_b === BASELINE_MODEL)).toBe(true);
    expect(pw.some((l) => l.id !== undefined)).toBe(true);
    const rk = committed.filter((l) => l.type === "ranking");
    expect(rk.some((l) => l.ranking.some((t) => t.length > 1))).toBe(true);
    expect(rk.every((l) => l.ranking.flat().length >= 4 && l.ranking.flat().length <= 6)).toBe(true);
    const ut = committed.filter((l) => l.type === "unit_test");
    expect(ut.some((l) => l.scale === undefined)).toBe(true);
    expect(ut.some((l) => l.scale !== undefined)).toBe(true);
  });

  it("matches the counts in summary.json", () => {
    const s = demo.summary;
    const count = (t: string) => committed.filter((l) => l.type === t).length;
    for (const t of ["sample", "score", "pairwise", "ranking", "unit_test"] as const) expect(count(t), t).toBe(s.linesByType[t]);
    expect(committed.length).toBe(s.lines);
    expect(s.samples).toBe(count("sample"));
    expect(s.models).toBeGreaterThanOrEqual(14);
    expect(s.missingRate).toBeGreaterThanOrEqual(0.1);
    expect(s.missingRate).toBeLessThanOrEqual(0.2);
  });

  it("has a connected comparison graph", () => {
    expect(componentCount(committed).components).toBe(1);
  });

  it("different domains have different mean-accuracy leaders", () => {
    const domainOf = new Map<string, string>();
    const acc = new Map<string, Map<string, [number, number]>>();
    for (const l of committed) {
      if (l.type === "sample") domainOf.set(l.id, l.tags![0]);
      else if (l.type === "score" && l.metric === "accuracy") {
        const d = domainOf.get(l.sample)!;
        const m = acc.get(d) ?? new Map<string, [number, number]>();
        acc.set(d, m);
        const [c, n] = m.get(l.model) ?? [0, 0];
        m.set(l.model, [c + l.value, n + 1]);
      }
    }
    const leaders: Record<string, string> = {};
    for (const [d, m] of acc) leaders[d] = [...m].sort((a, b) => b[1][0] / b[1][1] - a[1][0] / a[1][1])[0][0];
    expect(new Set(Object.values(leaders)).size).toBeGreaterThanOrEqual(3);
    expect(leaders).toMatchObject({ biology: plantedLeader("biology"), law: plantedLeader("law"), economics: plantedLeader("economics") });
  });

  it("Plackett–Luce on the committed data recovers the documented leaders", () => {
    const want = demo.summary.intendedLeaders;
    // The summary's leaders are the argmax of the declared skill matrix.
    expect(want).toEqual({
      overall: plantedLeader("overall"),
      byDomain: Object.fromEntries(DOMAINS.map((d) => [d, plantedLeader(d)])),
      bySubtopic: Object.fromEntries(Object.keys(want.bySubtopic).map((k) => [k, plantedLeader(k as Capability)])),
    });
    expect(Object.keys(want.bySubtopic).sort()).toEqual(Object.keys(demo.summary.samplesBySubtopic).sort());
    expect(recoveredLeaders(committed, BASELINE_MODEL)).toEqual(want);
  });
});

it("the demo file exists in the repository", () => {
  expect(existsSync(DEMO_FILE)).toBe(true);
});
