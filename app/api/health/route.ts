import { NextResponse } from "next/server";
import { handler, otherMethods } from "@/lib/api/handler";
import { getDatabaseHealth } from "@/lib/db/queries/health";
import { getPoolStats } from "@/lib/db/queries/pool-stats";
import { activeEmbedder, pendingEmbeddings } from "@/lib/retrieval/active";
import { configuredImageEmbedder } from "@/lib/retrieval/image-embedders";
import { queueStates } from "@/lib/queue";

export const dynamic = "force-dynamic";

export const GET = handler(async () => {
  const database = await getDatabaseHealth();
  if (!database.reachable) {
    return NextResponse.json({ status: "error", database }, { status: 503 });
  }
  const [stats, embedder, imageEmbedder, queue] = await Promise.all([
    getPoolStats(),
    activeEmbedder().catch((err: Error) => ({ kind: "error", name: null, reason: err.message, embedder: null })),
    configuredImageEmbedder().catch((err: Error) => ({ kind: "error", name: null, reason: err.message })),
    queueStates().catch((err: Error) => ({ error: err.message })),
  ]);
  const pending = await pendingEmbeddings();
  const pendingImages = imageEmbedder.kind === "siglip" ? await pendingEmbeddings("image") : 0;
  const ok = database.migrations.current;
  return NextResponse.json(
    {
      status: ok ? "ok" : "degraded",
      database,
      counts: { samples: stats.samples, models: stats.models, measurements: stats.measurements, benchmarks: stats.benchmarks },
      data_version: stats.dataVersion,
      embedder: { kind: embedder.kind, name: embedder.name, reason: embedder.reason },
      pending_embeddings: pending,
      // siglip: image samples are searched by their pixels too; text-fallback: by their text only.
      image_embedder: { kind: imageEmbedder.kind, name: imageEmbedder.name, reason: imageEmbedder.reason },
      pending_image_embeddings: pendingImages,
      queue,
    },
    { status: ok ? 200 : 503 },
  );
}, { cache: "no-store" });

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
