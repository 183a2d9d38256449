// bench:scale --saved: saved leaderboards after an upload of 1,000 samples (issue 16: "the saved
// leaderboards it touches show the new data ≤ 10 s after the upload is done; the ones it cannot
// touch are not recomputed"). On the generated pool: capability-query leaderboards on several
// benchmarks' topics (no filters: every upload marks them) and benchmark-filtered ones; all
// refreshed once; then 1,000 new samples of one benchmark's topic are uploaded and the worker's
// work is done here in turn, as one worker would: embed the new samples, then refresh every marked
// leaderboard. Reports each leaderboard's outcome (refitted, kept unchanged, or never marked) and
// when it was current again, counted from the moment the upload was done.
import { Readable } from "node:stream";
import { dataVersion } from "@/lib/db/data-version";
import { clearRefreshMarks, insertSavedLeaderboard, listRefreshQueued, listStaleSlugs } from "@/lib/db/queries/saved-leaderboards";
import { ingestStream } from "@/lib/ingest";
import { computeLeaderboard } from "@/lib/leaderboard/compute";
import { refreshSnapshot } from "@/lib/leaderboard/refresh";
import { getSavedLeaderboard, savedQuery } from "@/lib/leaderboard/saved";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { latencyRow, type LatencyRow } from "./bench-stats";

export interface SavedRefreshPool {
  /** The pool's vocabulary: benchmark b's topic words are the 50 from index 50·b. */
  words: readonly string[];
  models: readonly string[];
  rand: () => number;
  log: (msg: string) => void;
}

const NONE = { benchmark: [], task: [], tag: [], meta: [] };
const TOPICS = [1, 2, 3, 4, 5, 6];
/** The benchmark the upload adds to (its topic's query and its filter are the touched ones). */
const TOUCHED = 1;
const NEW_SAMPLES = 1_000;

const topic = (words: readonly string[], b: number) => words.slice(50 * b, 50 * b + 50);

function boards(words: readonly string[]) {
  return [
    ...TOPICS.map((b) => ({ slug: `topic-${b}`, query: `${topic(words, b)[0]} ${topic(words, b)[1]} ${topic(words, b)[2]}`, filters: NONE, benchmark: b })),
    ...TOPICS.slice(0, 4).map((b) => ({ slug: `bench-${b}`, query: undefined, filters: { ...NONE, benchmark: [`bench-${b}`] }, benchmark: b })),
  ];
}

function uploadLines({ words, models, rand }: SavedRefreshPool): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const own = topic(words, TOUCHED);
  const lines: string[] = [];
  for (let i = 0; i < NEW_SAMPLES; i++) {
    const id = `bench-${TOUCHED}/new-${i}`;
    // Its own topic's words only: a benchmark on one subject, which the other topics' queries do not reach.
    const input = Array.from({ length: 12 + Math.floor(rand() * 12) }, () => pick(own)).join(" ");
    lines.push(JSON.stringify({ type: "sample", id, benchmark: `bench-${TOUCHED}`, input, task: "qa", tags: [`topic-${TOUCHED % 8}`] }));
    const chosen = new Set<string>();
    while (chosen.size < 10) chosen.add(pick(models));
    for (const model of chosen) lines.push(JSON.stringify({ type: "score", sample: id, model, metric: "accuracy", value: rand() < 0.5 ? 1 : 0 }));
  }
  return lines.join("\n") + "\n";
}

const marked = listRefreshQueued;

export async function savedRefreshPhase(p: SavedRefreshPool): Promise<{ rows: LatencyRow[]; summary: string[] }> {
  const all = boards(p.words);
  for (const b of all) await insertSavedLeaderboard({ slug: b.slug, title: b.slug, query: b.query, filters: b.filters, method: "plackett-luce" }, { queueRefresh: false });
  const first: number[] = [];
  for (const b of all) {
    const r = await refreshSnapshot(b.slug);
    if (r.status !== "refreshed") throw new Error(`first refresh of ${b.slug}: ${r.status}`);
    first.push(r.durationMs);
  }
  await clearRefreshMarks();
  p.log(`saved leaderboards: ${all.length} refreshed once`);

  const selected = async () => {
    const out = new Map<string, Set<number>>();
    for (const b of all) out.set(b.slug, new Set((await computeLeaderboard(savedQuery((await getSavedLeaderboard(b.slug))!), { useCache: false })).loaded.samplePks));
    return out;
  };
  const setsBefore = await selected();
  const before = await dataVersion();
  const upload = await ingestStream(Readable.from([Buffer.from(uploadLines(p))]), { fileName: "saved-refresh.jsonl" });
  if (upload.status !== "done") throw new Error(`upload ${upload.status}`);
  const t0 = performance.now();
  const queued = await marked();
  const embedded = await embedPendingSamples();
  const embeddedAt = performance.now() - t0;
  // As the worker would: every marked leaderboard, then those queued again (a refresh answered
  // from a read model a version behind queues itself again), the last outcome of each kept.
  const byslug = new Map<string, { slug: string; status: string; ms: number; currentAfterMs: number }>();
  for (let round = 0, todo = queued; todo.length > 0; round++, todo = await marked()) {
    if (round === 5) throw new Error(`still queued after 5 rounds: ${todo.join(", ")}`);
    for (const slug of todo) {
      const r = await refreshSnapshot(slug);
      const ms = "durationMs" in r ? r.durationMs : 0;
      byslug.set(slug, { slug, status: r.status, ms: (byslug.get(slug)?.ms ?? 0) + ms, currentAfterMs: performance.now() - t0 });
    }
  }
  const outcomes = [...byslug.values()];
  const version = await dataVersion();
  const stale = await listStaleSlugs(version);
  if (stale.length > 0) throw new Error(`still stale after the refreshes: ${stale.join(", ")}`);

  const setsAfter = await selected();
  const moves = all.map((b) => {
    const [was, now] = [setsBefore.get(b.slug)!, setsAfter.get(b.slug)!];
    return `${b.slug} +${[...now].filter((pk) => !was.has(pk)).length}/−${[...was].filter((pk) => !now.has(pk)).length}`;
  });
  const touched = (slug: string) => slug === `topic-${TOUCHED}` || slug === `bench-${TOUCHED}`;
  const of = (status: string) => outcomes.filter((o) => o.status === status);
  const rows = [
    latencyRow("saved leaderboard, first refresh", first, "bootstrap intervals, k = 1,000 query or one benchmark"),
    latencyRow("  after the upload: refitted", of("refreshed").map((o) => o.ms), of("refreshed").map((o) => o.slug).join(", ")),
    latencyRow("  after the upload: kept, not reached", of("unreached").map((o) => o.ms), of("unreached").map((o) => o.slug).join(", ")),
    latencyRow("  after the upload: kept, same inputs", of("unchanged").map((o) => o.ms), of("unchanged").map((o) => o.slug).join(", ")),
    latencyRow(
      "  touched ones current, after the upload was done",
      outcomes.filter((o) => touched(o.slug)).map((o) => o.currentAfterMs),
      `embedding ${embedded.embedded} new samples took ${(embeddedAt / 1000).toFixed(1)} s of it`,
    ),
  ];
  const summary = [
    `upload of ${NEW_SAMPLES} samples to bench-${TOUCHED} (data version ${before} → ${version}): ${queued.length} of ${all.length} saved leaderboards marked (${queued.join(", ")}); ` +
      `refitted ${of("refreshed").length} (${of("refreshed").map((o) => o.slug).join(", ")}), kept ${of("unreached").length + of("unchanged").length} (${[...of("unreached"), ...of("unchanged")].map((o) => o.slug).join(", ")}), not marked ${all.length - queued.length}; ` +
      `all current ${(Math.max(embeddedAt, ...outcomes.map((o) => o.currentAfterMs)) / 1000).toFixed(1)} s after the upload was done`,
    `what a fresh cut on the grown pool adds/drops per leaderboard (the cut's margin moves with the pool; reach.ts keeps a snapshot's cut until the pool grew 10%): ${moves.join(", ")}`,
  ];
  return { rows, summary };
}
