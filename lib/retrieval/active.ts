// The model each space's searches use (its active model), the embedder that embeds text queries
// for it in this process, and how many samples still wait for a vector from it.
import { newestFallbackFit } from "@/lib/db/queries/embedder-state";
import { getEmbeddingSpace, type EmbeddingSpaceRow } from "@/lib/db/queries/embedding-spaces";
import { countSamplesLackingVector } from "@/lib/db/queries/embeddings";
import { memoByVersion } from "@/lib/db/version-memo";
import { TEXT_SPACE } from "./spaces";
import { configuredTextEmbedder, embedderKind, textEmbedderFor, type ActiveEmbedder } from "./text-embedders";

export type { ActiveEmbedder } from "./text-embedders";

/**
 * A space's row as the request path reads it: remembered per data version (a model flip bumps the
 * version), so a crowd of queries does not ask the database for it one by one.
 */
export function servedSpace(space: string): Promise<EmbeddingSpaceRow> {
  return memoByVersion(`space:${space}`, () => getEmbeddingSpace(space));
}

/**
 * The embedder that answers text queries: the text space's active model. Before the space's first
 * run that is the configured embedder; while the worker builds another model beside the active
 * one, the active model still answers (the reason says so).
 */
export async function activeEmbedder(): Promise<ActiveEmbedder> {
  const [space, configured] = await Promise.all([
    servedSpace(TEXT_SPACE),
    configuredTextEmbedder(() => memoByVersion("fallback-fit:newest", () => newestFallbackFit())),
  ]);
  const model = space.activeModel;
  if (!model || model === configured.name) return configured;
  const next = space.buildingModel ?? configured.name ?? "the configured embedder";
  const embedder = await textEmbedderFor(model);
  if (!embedder) {
    return { kind: embedderKind(model), name: model, embedder: null, reason: `${configured.reason}; the active model ${model} cannot embed queries in this process, and ${next} is not built yet` };
  }
  return { kind: embedderKind(model), name: model, embedder, reason: `${configured.reason}; searches use ${model} until ${next} is built beside it` };
}

/**
 * Visible samples of the space's modality that lack a vector from its active model (all of them
 * before its first run). Other spaces' samples never count: an image space without an embedder
 * holds up no text query and no refresh.
 */
export async function pendingEmbeddings(space: string = TEXT_SPACE): Promise<number> {
  const row = await servedSpace(space);
  return countSamplesLackingVector(row, row.activeModel, { visibleOnly: true });
}
