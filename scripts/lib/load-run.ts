// One run of `npm run bench:load`: autocannon's clients cycle through the traffic mix against a
// running portal while one upload is in flight; every answer's status and latency is kept (by kind
// of request), and what autocannon counts as errors and timeouts.
//
// Client i starts its cycle at kind i mod (kinds), as independent visitors would be spread over
// what they do. autocannon starts every client at the first kind: all 50 then ask the same kind at
// the same moment, and since the web servers answer in arrival order (the request gate) they stay
// in that order for the whole run: 25 comparisons queued together behind one server, then 25 page
// views, a convoy no crowd of people forms (in one 100k run the comparisons' p50 was 2.4 s, the
// model pages' 0.7 s, under the same queue). `lockstep: true` keeps autocannon's order, to compare.
import type { IncomingHttpHeaders } from "node:http";
import autocannon from "autocannon";
import { percentile } from "./bench-stats";
import type { RequestKind, trafficMix } from "./load-traffic";
import { CACHE_HEADER } from "./page-cache.mjs";
import { GATE_TIMING } from "./request-gate.mjs";

export interface Answer {
  kind: RequestKind;
  status: number;
  ms: number;
  /** Answered from the web server's rendered-page cache (header x-portal-page-cache: hit). */
  cached: boolean;
  /** Its wait for a turn in the web server's request gate (Server-Timing `gate`), null when it took none. */
  waitMs: number | null;
}

const GATE_DUR = new RegExp(`(?:^|,)\\s*${GATE_TIMING};dur=([0-9.]+)`);

/** A response header by its lower-case name: autocannon keeps the names as they came ("Server-Timing"). */
function header(headers: IncomingHttpHeaders | undefined, name: string): string | string[] | undefined {
  if (!headers) return undefined;
  if (headers[name] !== undefined) return headers[name];
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** The request gate's wait in a Server-Timing header (ms), null without one. */
export function gateWait(serverTiming: string | string[] | undefined): number | null {
  const m = GATE_DUR.exec(Array.isArray(serverTiming) ? serverTiming.join(",") : (serverTiming ?? ""));
  return m ? Number(m[1]) : null;
}

export interface UploadTiming {
  status: string;
  acceptedMs: number;
  doneMs: number;
}

export interface RunResult {
  seconds: number;
  answers: Answer[];
  errors: number;
  timeouts: number;
  upload: UploadTiming;
}

export interface RunOptions {
  base: string;
  clients: number;
  seconds: number;
  timeoutS: number;
  mix: ReturnType<typeof trafficMix>;
  upload: () => Promise<UploadTiming>;
  /** Every client starts its cycle at the first kind (autocannon's own order) instead of its own. */
  lockstep?: boolean;
  /**
   * Called as soon as the clients stop, before the run waits for the upload to finish: what is
   * measured over the traffic (e.g. CPU time) is read here, since the upload may take longer.
   */
  trafficEnded?: () => void;
}

export async function loadRun(o: RunOptions): Promise<RunResult> {
  const answers: Answer[] = [];
  // onResponse runs just before the instance's 'response' event of the same answer (autocannon's
  // client, synchronously): it names the kind that the event then records.
  let lastKind: RequestKind = "page /";
  let lastCached = false;
  let lastWait: number | null = null;
  const requests = o.mix.map((m) => ({
    method: "GET" as const,
    setupRequest: (req: { path?: string }) => ({ ...req, path: m.path() }),
    onResponse: (_status: number, _body: string, _context: object, headers: IncomingHttpHeaders | undefined) => {
      lastKind = m.kind;
      lastCached = header(headers, CACHE_HEADER) === "hit";
      lastWait = gateWait(header(headers, "server-timing"));
    },
  }));
  let clientIndex = 0;
  const setupClient = (client: { setRequests: (r: typeof requests) => void }) => {
    const k = clientIndex++ % requests.length;
    client.setRequests([...requests.slice(k), ...requests.slice(0, k)].map((r) => ({ ...r })));
  };
  const t0 = performance.now();
  let uploadTiming: Promise<UploadTiming> | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: o.base, connections: o.clients, duration: o.seconds, timeout: o.timeoutS, requests, ...(o.lockstep ? {} : { setupClient }) }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    instance.on("response", (_client, status, _bytes, ms) => answers.push({ kind: lastKind, status, ms, cached: lastCached, waitMs: lastWait }));
    // The upload starts once the clients are busy, so that it overlaps the whole measured run.
    setTimeout(() => (uploadTiming = o.upload()), 2000);
  });
  const seconds = (performance.now() - t0) / 1000;
  o.trafficEnded?.();
  const upload = await (uploadTiming ?? o.upload());
  return { seconds, answers, errors: result.errors, timeouts: result.timeouts, upload };
}

export interface RunSummary {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  n: number;
  non2xx: Record<string, number>;
  deliberate503: number;
  errors: number;
  timeouts: number;
  /** Answers from the rendered-page cache, and the p95 of the others (under a closed crowd the cached ones come back at once). */
  cached: number;
  p95Uncached: number;
  /**
   * The answers that took a turn in a request gate (Server-Timing): p50 / p95 of that wait, and of
   * the rest of their latency (their own time on the server, the transfer, the client); null when
   * no answer carries one (a server without the gate).
   */
  gated: { n: number; wait: { p50: number; p95: number }; rest: { p50: number; p95: number } } | null;
}

export function summarise(r: RunResult): RunSummary {
  const ms = r.answers.map((a) => a.ms);
  const non2xx: Record<string, number> = {};
  for (const a of r.answers) if ((a.status < 200 || a.status > 299) && a.status !== 503) non2xx[a.status] = (non2xx[a.status] ?? 0) + 1;
  return {
    rps: r.answers.length / r.seconds,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    n: r.answers.length,
    non2xx,
    deliberate503: r.answers.filter((a) => a.status === 503).length,
    errors: r.errors,
    timeouts: r.timeouts,
    cached: r.answers.filter((a) => a.cached).length,
    p95Uncached: percentile(r.answers.filter((a) => !a.cached).map((a) => a.ms), 95),
    gated: gatedSplit(r.answers),
  };
}

function gatedSplit(answers: Answer[]): RunSummary["gated"] {
  const gated = answers.filter((a): a is Answer & { waitMs: number } => a.waitMs !== null);
  if (gated.length === 0) return null;
  const p = (xs: number[]) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95) });
  return { n: gated.length, wait: p(gated.map((a) => a.waitMs)), rest: p(gated.map((a) => Math.max(0, a.ms - a.waitMs))) };
}
