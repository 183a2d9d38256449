// GET /metrics: Prometheus text format (lib/metrics).
import { handler } from "@/lib/api/handler";
import { metricsText } from "@/lib/metrics";
import { configuredImageEmbedder } from "@/lib/retrieval/image-embedders";

export const dynamic = "force-dynamic";

export const GET = handler(async () => {
  const imageKind = await configuredImageEmbedder().then((e) => e.kind, () => "error");
  const { contentType, body } = await metricsText({ imagesEmbedded: imageKind === "siglip" });
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
});
