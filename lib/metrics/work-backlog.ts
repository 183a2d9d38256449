// Work waiting behind the web servers, for /api/health and /metrics: jobs per queue (and how long
// the oldest due one has waited), and per embedding space the visible samples without a vector of
// its active model (what searches cannot find yet).
import { listEmbeddingSpaces, type Modality } from "@/lib/db/queries/embedding-spaces";
import { countSamplesLackingVector } from "@/lib/db/queries/embeddings";
import { queueDepths } from "@/lib/db/queries/queue-depths";
import { QUEUES } from "@/lib/queue";

export interface QueueDepth {
  queue: string;
  /** created + retry: waiting for a worker. */
  queued: number;
  created: number;
  retry: number;
  active: number;
  /** Seconds the oldest due job has waited for a worker; 0 when none waits. */
  lag_seconds: number;
}

/** Every queue of the portal, those without jobs included (zeros). */
export async function queueBacklog(): Promise<QueueDepth[]> {
  const rows = new Map((await queueDepths()).map((r) => [r.queue, r]));
  return Object.values(QUEUES).map((queue) => {
    const r = rows.get(queue);
    const created = r?.created ?? 0;
    const retry = r?.retry ?? 0;
    return { queue, queued: created + retry, created, retry, active: r?.active ?? 0, lag_seconds: Math.round((r?.lagSeconds ?? 0) * 10) / 10 };
  });
}

export interface SpaceBacklog {
  space: string;
  modality: Modality;
  /** The model searches use; null before the space's first run (every covered sample is then pending). */
  active_model: string | null;
  /** A model being built beside the active one, if any. */
  building_model: string | null;
  /** Visible samples of the space's modality without a vector from the active model. */
  pending: number;
}

/**
 * Per space, the visible samples its searches cannot find yet. An image space counts only where
 * SigLIP embeds images (`imagesEmbedded`: the caller's image_embedder.kind is siglip): with the text
 * fallback nothing is waiting for it (image samples are searched by their text), and counting its
 * samples was a backlog that never drained.
 */
export async function embeddingBacklog(imagesEmbedded: boolean): Promise<SpaceBacklog[]> {
  const spaces = await listEmbeddingSpaces();
  const counted = (s: (typeof spaces)[number]) => s.modality !== "image" || imagesEmbedded;
  const pending = await Promise.all(spaces.map((s) => (counted(s) ? countSamplesLackingVector(s, s.activeModel, { visibleOnly: true }) : 0)));
  return spaces.map((s, i) => ({ space: s.space, modality: s.modality, active_model: s.activeModel, building_model: s.buildingModel, pending: pending[i] }));
}
