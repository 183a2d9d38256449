// Prometheus metrics of this process (prom-client), served at /metrics: the process itself
// (default metrics), refusals at the write edge, and — read from the database at each scrape —
// uploads by status and the spooled bytes waiting for a worker.
import client from "prom-client";
import { spooledBytes, uploadsByStatus } from "@/lib/db/queries/upload-stats";
import { UPLOAD_STATUS } from "@/lib/db/upload-status";

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
  g.__portalMetrics = { registry, refusals };
  return g.__portalMetrics;
}

/** Counts a refused write: `unauthorized`, `rate_limited`, `forbidden` (lib/api/auth.ts), `too_large` (uploads). */
export function countRefusal(reason: string): void {
  metrics().refusals.inc({ reason });
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}
