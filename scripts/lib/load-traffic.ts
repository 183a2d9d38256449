// The traffic of `npm run bench:load`: distinct capability queries and page views over the demo pool,
// drawn from the demo data's own words, sample ids and model names (so queries find something),
// each query text used once (so no cache can answer), and a generated upload of a few MB.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { mulberry32 } from "@/lib/retrieval/embedder/prng";
import { sampleHref } from "@/lib/samples/links";
import { modelHref } from "@/lib/selection/url";

export interface DemoPool {
  words: string[];
  sampleIds: string[];
  models: string[];
}

/** Words (4+ letters), sample ids and model names of the demo results file. */
export function readDemoPool(file: string): DemoPool {
  const words = new Set<string>();
  const sampleIds: string[] = [];
  const models = new Set<string>();
  for (const line of gunzipSync(readFileSync(file)).toString("utf8").split("\n")) {
    if (!line) continue;
    const rec = JSON.parse(line) as { type: string; id?: string; input?: string; model?: string; model_a?: string };
    if (rec.type === "sample" && rec.id) {
      sampleIds.push(rec.id);
      for (const w of (rec.input ?? "").toLowerCase().match(/[a-z]{4,}/g) ?? []) words.add(w);
    }
    if (rec.model) models.add(rec.model);
    if (rec.model_a) models.add(rec.model_a);
  }
  return { words: [...words], sampleIds, models: [...models] };
}

/** A page of GET /api/samples, the fields read here. */
interface SampleListing {
  samples: { id: string; input: string | null }[];
}

/**
 * The traffic's words, sample ids and model names read from a running portal's own API
 * (`bench:load --url`), as readDemoPool reads them from the demo file: `pages` listings of 50
 * samples spread over the whole pool (/api/samples with offsets), and the models of its whole-pool
 * leaderboard. Throws, naming the request, when the portal answers something else than 200.
 */
export async function readPortalPool(base: string, pages = 20): Promise<DemoPool> {
  // Appended, not resolved against `base`: a portal served under a path keeps it (as the traffic's URLs do).
  const root = base.replace(/\/+$/, "");
  const get = async <T>(p: string): Promise<T> => {
    const r = await fetch(root + p);
    if (!r.ok) throw new Error(`GET ${p} on ${base}: HTTP ${r.status}`);
    return (await r.json()) as T;
  };
  const health = await get<{ counts?: { samples?: number } }>("/api/health");
  const n = health.counts?.samples ?? 0;
  if (!(n > 0)) throw new Error(`${base} has no samples to query (GET /api/health counts.samples = ${n})`);
  const words = new Set<string>();
  const sampleIds = new Set<string>();
  const count = Math.min(pages, Math.ceil(n / 50));
  const offsets = new Set(Array.from({ length: count }, (_, i) => Math.floor((i * n) / count)));
  for (const offset of offsets) {
    const page = await get<SampleListing>(`/api/samples?limit=50&offset=${offset}`);
    for (const s of page.samples) {
      sampleIds.add(s.id);
      for (const w of (s.input ?? "").toLowerCase().match(/[a-z]{4,}/g) ?? []) words.add(w);
    }
  }
  const board = await get<{ models: { model: string }[] }>("/api/leaderboard");
  const models = board.models.map((m) => m.model);
  if (words.size < 2 || models.length === 0) throw new Error(`${base}: too little to query (${words.size} words in ${sampleIds.size} samples, ${models.length} models)`);
  return { words: [...words], sampleIds: [...sampleIds], models };
}

/** What a request is, for the per-kind breakdown. */
export type RequestKind = "api/leaderboard" | "api/samples" | "page /leaderboard" | "page /" | "page /samples/id" | "page /models/name" | "page /compare";

/**
 * One client's cycle of requests: capability queries (API and page) weigh most, as on a public
 * leaderboard; each `path()` call makes a new URL.
 */
export function trafficMix(pool: DemoPool, seed: number): { kind: RequestKind; path: () => string }[] {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const used = new Set<string>();
  const query = () => {
    for (;;) {
      const q = Array.from({ length: 2 + Math.floor(rand() * 2) }, () => pick(pool.words)).join(" ");
      if (!used.has(q)) {
        used.add(q);
        return encodeURIComponent(q);
      }
    }
  };
  return [
    { kind: "api/leaderboard", path: () => `/api/leaderboard?q=${query()}` },
    { kind: "api/samples", path: () => `/api/samples?q=${query()}` },
    { kind: "page /leaderboard", path: () => `/leaderboard?q=${query()}` },
    { kind: "page /", path: () => "/" },
    { kind: "api/leaderboard", path: () => `/api/leaderboard?q=${query()}` },
    { kind: "page /samples/id", path: () => sampleHref(pick(pool.sampleIds)) },
    { kind: "page /models/name", path: () => modelHref(pick(pool.models), {}) },
    { kind: "page /compare", path: () => `/compare?q=${query()}` },
  ];
}

/** A results file of about `mb` MB: new samples of one new benchmark, each scored by 8 demo models. */
export function uploadBody(pool: DemoPool, mb: number, run: number): Buffer {
  const rand = mulberry32(1000 + run);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const lines: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < mb * 1024 * 1024; i++) {
    const id = `bench-load-${run}/${i}`;
    const input = Array.from({ length: 20 }, () => pick(pool.words)).join(" ");
    const group = [JSON.stringify({ type: "sample", id, benchmark: `bench-load-${run}`, input, task: "generated", tags: ["bench-load"] })];
    for (const model of pool.models.slice(0, 8)) group.push(JSON.stringify({ type: "score", sample: id, model, metric: "accuracy", value: rand() < 0.5 ? 1 : 0 }));
    for (const l of group) bytes += l.length + 1;
    lines.push(...group);
  }
  return Buffer.from(lines.join("\n") + "\n");
}
