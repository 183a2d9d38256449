import { NextResponse } from "next/server";
import { handler, otherMethods } from "@/lib/api/handler";
import { getDatabaseHealth } from "@/lib/db/queries/health";
import { getPoolStats } from "@/lib/db/queries/pool-stats";
import { embeddingBacklog, queueBacklog } from "@/lib/metrics/work-backlog";
import { activeEmbedder } from "@/lib/retrieval/active";
import { configuredImageEmbedder } from "@/lib/retrieval/image-embedders";
import { IMAGE_SPACE, TEXT_SPACE } from "@/lib/retrieval/spaces";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/api/errors";

export const dynamic = "force-dynamic";

export const GET = handler(async () => {
  const database = await getDatabaseHealth();
  if (!database.reachable) {
    return NextResponse.json({ status: "error", database }, { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } });
  }
  const imageEmbedderOf = configuredImageEmbedder().catch((err: Error) => ({ kind: "error", name: null, reason: err.message }));
  const [stats, embedder, imageEmbedder, queue, backlog] = await Promise.all([
    getPoolStats(),
    activeEmbedder().catch((err: Error) => ({ kind: "error", name: null, reason: err.message, embedder: null })),
    imageEmbedderOf,
    queueBacklog().catch((err: Error) => ({ error: err.message })),
    imageEmbedderOf.then((e) => embeddingBacklog(e.kind === "siglip")),
  ]);
  const pendingIn = (space: string) => backlog.find((s) => s.space === space)?.pending ?? 0;
  const ok = database.migrations.current;
  return NextResponse.json(
    {
      status: ok ? "ok" : "degraded",
      database,
      counts: { samples: stats.samples, models: stats.models, measurements: stats.measurements, benchmarks: stats.benchmarks },
      data_version: stats.dataVersion,
      embedder: { kind: embedder.kind, name: embedder.name, reason: embedder.reason },
      pending_embeddings: pendingIn(TEXT_SPACE),
      // siglip: image samples are searched by their pixels too; text-fallback: by their text only.
      image_embedder: { kind: imageEmbedder.kind, name: imageEmbedder.name, reason: imageEmbedder.reason },
      pending_image_embeddings: imageEmbedder.kind === "siglip" ? pendingIn(IMAGE_SPACE) : 0,
      // Per queue: jobs waiting (created, retry), running (active), and the oldest due job's wait.
      queue,
      // Per embedding space: visible samples its searches cannot find yet.
      embedding_backlog: backlog,
    },
    { status: ok ? 200 : 503 },
  );
}, { cache: "no-store" });

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
