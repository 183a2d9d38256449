// GET /metrics: Prometheus text format (lib/metrics).
import { handler } from "@/lib/api/handler";
import { metricsText } from "@/lib/metrics";

export const dynamic = "force-dynamic";

export const GET = handler(async () => {
  const { contentType, body } = await metricsText();
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
});
