// Prometheus metrics of this process (prom-client), served at /metrics: the process itself
// (default metrics), refusals at the write edge, and — read from the database at each scrape —
// uploads by status, the spooled bytes waiting for a worker, queue depths and lag, and the
// embedding backlog per space; and this web server's request gate (running, waiting, refused) and
// rendered-page cache (hits, misses, bytes kept).
import client from "prom-client";
import { spooledBytes, uploadsByStatus } from "@/lib/db/queries/upload-stats";
import { UPLOAD_STATUS } from "@/lib/db/upload-status";
import { embeddingBacklog, queueBacklog } from "./work-backlog";

/** What scripts/lib/page-cache.mjs keeps on globalThis (see page-cache.d.mts), the counters read here. */
interface PageCacheStats {
  hits: number;
  misses: number;
  stored: number;
  bytes: number;
}

/** What scripts/lib/request-gate.mjs keeps on globalThis (see request-gate.d.mts). */
interface GateStats {
  active: number;
  queued: number;
  admitted: number;
  refused: number;
  dropped: number;
}

interface Metrics {
  registry: client.Registry;
  refusals: client.Counter<"reason">;
}

const g = globalThis as unknown as { __portalMetrics?: Metrics };

function metrics(): Metrics {
  if (g.__portalMetrics) return g.__portalMetrics;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const refusals = new client.Counter({
    name: "portal_write_refusals_total",
    help: "Write requests refused at the edge, by reason",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: "portal_uploads",
    help: "Uploads by stored status",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const rows = await uploadsByStatus();
      for (const status of Object.values(UPLOAD_STATUS)) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
    },
  });
  new client.Gauge({
    name: "portal_upload_spool_bytes",
    help: "Bytes of received uploads spooled in the database, waiting to be imported",
    registers: [registry],
    async collect() {
      this.set(await spooledBytes());
    },
  });
  new client.Gauge({
    name: "portal_queue_jobs",
    help: "Jobs per queue in state created (never started), retry (waiting for another attempt) or active",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      for (const q of await queueBacklog()) for (const state of ["created", "retry", "active"] as const) this.set({ queue: q.queue, state }, q[state]);
    },
  });
  new client.Gauge({
    name: "portal_queue_lag_seconds",
    help: "Seconds the oldest due job of each queue has waited for a worker (0: none waits)",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      for (const q of await queueBacklog()) this.set({ queue: q.queue }, q.lag_seconds);
    },
  });
  new client.Gauge({
    name: "portal_embedding_backlog",
    help: "Visible samples without a vector of their space's active model",
    labelNames: ["space"] as const,
    registers: [registry],
    async collect() {
      for (const s of await embeddingBacklog(context.imagesEmbedded)) this.set({ space: s.space }, s.pending);
    },
  });
  // The request gate of this web server (scripts/lib/request-gate.mjs), when it runs behind one.
  const gate = () => (globalThis as Record<symbol, GateStats | undefined>)[Symbol.for("portal.requestGate")];
  new client.Gauge({
    name: "portal_web_requests",
    help: "Requests of this web server running (active) and waiting for a turn (queued) in its request gate",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const s = gate();
      if (!s) return;
      this.set({ state: "active" }, s.active);
      this.set({ state: "queued" }, s.queued);
    },
  });
  new client.Gauge({
    name: "portal_web_gate_total",
    help: "Requests of this web server since it started: admitted by its request gate, refused with 503 (queue full or waited too long), dropped (client gone while waiting)",
    labelNames: ["outcome"] as const,
    registers: [registry],
    collect() {
      const s = gate();
      if (!s) return;
      for (const outcome of ["admitted", "refused", "dropped"] as const) this.set({ outcome }, s[outcome]);
    },
  });
  // Its rendered-page cache (scripts/lib/page-cache.mjs).
  const pages = () => (globalThis as Record<symbol, { stats?: PageCacheStats } | undefined>)[Symbol.for("portal.pageCache")]?.stats;
  new client.Gauge({
    name: "portal_web_page_cache_total",
    help: "Pages of this web server since it started: answered from its rendered-page cache (hit), rendered while it could have kept them (miss), kept after rendering (stored)",
    labelNames: ["outcome"] as const,
    registers: [registry],
    collect() {
      const s = pages();
      if (!s) return;
      for (const outcome of ["hits", "misses", "stored"] as const) this.set({ outcome: outcome === "hits" ? "hit" : outcome === "misses" ? "miss" : "stored" }, s[outcome]);
    },
  });
  new client.Gauge({
    name: "portal_web_page_cache_bytes",
    help: "Bytes of pages this web server's rendered-page cache keeps (WEB_PAGE_CACHE_MB is its limit)",
    registers: [registry],
    collect() {
      const s = pages();
      if (s) this.set(s.bytes);
    },
  });
  g.__portalMetrics = { registry, refusals };
  return g.__portalMetrics;
}

/** Counts a refused write: `unauthorized`, `rate_limited`, `forbidden` (lib/api/auth.ts), `too_large` (uploads). */
export function countRefusal(reason: string): void {
  metrics().refusals.inc({ reason });
}

/** What the collectors cannot read themselves (lib/metrics sits beside lib/retrieval): set by metricsText's caller. */
const context = { imagesEmbedded: false };

/** The metrics as Prometheus text; `imagesEmbedded`: SigLIP embeds images here (image_embedder.kind siglip). */
export async function metricsText(opts: { imagesEmbedded: boolean }): Promise<{ contentType: string; body: string }> {
  context.imagesEmbedded = opts.imagesEmbedded;
  const m = metrics();
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}
