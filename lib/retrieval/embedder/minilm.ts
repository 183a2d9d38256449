// all-MiniLM-L6-v2 sentence embeddings (Reimers & Gurevych 2019, Sentence-BERT; Wang et al.
// 2020, MiniLM) through transformers.js: the ONNX encoder's last hidden states, mean-pooled over
// real (attention-mask 1) tokens and scaled to unit length — the sentence-transformers recipe,
// so the vectors match the Python model's and cosine similarity is a dot product.
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Embedder } from "./types";
import { withTimeout } from "./with-timeout";

export const MINILM_HUB_ID = "Xenova/all-MiniLM-L6-v2";
export const MINILM_DIMS = 384;
const BATCH_SIZE = 32;

export interface MiniLMOptions {
  /** Directory in transformers.js layout (config.json, tokenizer*.json, onnx/model[_quantized].onnx). */
  modelDir?: string;
  /** Without modelDir: fetch `hubId` from the Hugging Face hub (into the transformers.js cache). */
  allowRemote?: boolean;
  hubId?: string;
  /** Give up on a load (a hub download that hangs) after this long; default 120 s. */
  timeoutMs?: number;
}

export interface MiniLMEmbedder extends Embedder {
  readonly kind: "minilm";
  /** Where the weights came from: the local directory or `hub:<id>`. */
  readonly source: string;
}

export class MiniLMUnavailableError extends Error {
  override name = "MiniLMUnavailableError";
}

type Extractor = (texts: string[], o: { pooling: "mean"; normalize: true }) => Promise<{ data: Float32Array; dims: number[] }>;

/** The ONNX file transformers.js will use, and its dtype: full precision wins over 8-bit. */
function localWeights(dir: string): { dtype: "fp32" | "q8" } {
  if (!existsSync(dir)) throw new MiniLMUnavailableError(`model directory ${dir} does not exist`);
  const missing = ["config.json", "tokenizer.json", "tokenizer_config.json"].filter((f) => !existsSync(join(dir, f)));
  const fp32 = existsSync(join(dir, "onnx", "model.onnx"));
  const q8 = existsSync(join(dir, "onnx", "model_quantized.onnx"));
  if (!fp32 && !q8) missing.push("onnx/model.onnx (or onnx/model_quantized.onnx)");
  if (missing.length > 0) throw new MiniLMUnavailableError(`model directory ${dir} lacks ${missing.join(", ")}`);
  return { dtype: fp32 ? "fp32" : "q8" };
}

function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return withTimeout(promise, ms, () => new MiniLMUnavailableError(`${what} timed out after ${ms} ms`));
}

/** Load MiniLM or throw MiniLMUnavailableError saying why (missing files, no network, bad shape). */
export async function loadMiniLM(opts: MiniLMOptions = {}): Promise<MiniLMEmbedder> {
  const { env, pipeline } = await import("@huggingface/transformers");
  let modelId: string;
  let source: string;
  let dtype: "fp32" | "q8" = "fp32";
  if (opts.modelDir) {
    const dir = resolve(opts.modelDir);
    dtype = localWeights(dir).dtype;
    // transformers.js resolves local models as localModelPath/<id>/...; process-wide settings.
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = dirname(dir) + "/";
    modelId = basename(dir);
    source = dir;
  } else if (opts.allowRemote) {
    env.allowRemoteModels = true;
    modelId = opts.hubId ?? MINILM_HUB_ID;
    source = `hub:${modelId}`;
  } else {
    throw new MiniLMUnavailableError("no EMBEDDINGS_MODEL_DIR given and downloading from the hub is not allowed");
  }
  let extractor: Extractor;
  try {
    const load = pipeline("feature-extraction", modelId, { dtype, local_files_only: !!opts.modelDir });
    extractor = (await bounded(load, opts.timeoutMs ?? 120_000, `loading ${source}`)) as unknown as Extractor;
  } catch (e) {
    if (e instanceof MiniLMUnavailableError) throw e;
    throw new MiniLMUnavailableError(`could not load ${source}: ${(e as Error).message}`);
  }
  const probe = await extractor(["dimension probe"], { pooling: "mean", normalize: true });
  if (probe.dims[1] !== MINILM_DIMS) {
    throw new MiniLMUnavailableError(`${source} gives ${probe.dims[1]}-dim vectors, the pool stores ${MINILM_DIMS}`);
  }
  const name = `minilm:${modelName(opts.modelDir ? resolve(opts.modelDir) : null, modelId)}${dtype === "q8" ? ":q8" : ""}`;
  return { name, dims: MINILM_DIMS, kind: "minilm", source, embed: (texts) => embedBatched(extractor, texts) };
}

/** The model's own name (config `_name_or_path`), so a test model never passes for the real one. */
function modelName(dir: string | null, modelId: string): string {
  if (dir) {
    const config = JSON.parse(readFileSync(join(dir, "config.json"), "utf8")) as { _name_or_path?: unknown };
    if (typeof config._name_or_path === "string" && config._name_or_path) return basename(config._name_or_path);
  }
  return basename(modelId);
}

/**
 * Batches of similar length (sorted by character count) waste little compute on padding; mean
 * pooling ignores padded positions, so a text's vector does not depend on its batch.
 */
async function embedBatched(extractor: Extractor, texts: string[]): Promise<Float32Array[]> {
  const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length || a - b);
  const out = new Array<Float32Array>(texts.length);
  for (let start = 0; start < order.length; start += BATCH_SIZE) {
    const batch = order.slice(start, start + BATCH_SIZE);
    const { data } = await extractor(batch.map((i) => texts[i]), { pooling: "mean", normalize: true });
    batch.forEach((i, row) => (out[i] = data.slice(row * MINILM_DIMS, (row + 1) * MINILM_DIMS)));
  }
  return out;
}

/** loadMiniLM that reports instead of throwing, so the caller can fall back and say why. */
export async function tryLoadMiniLM(
  opts: MiniLMOptions = {},
): Promise<{ embedder: MiniLMEmbedder; reason: string } | { embedder: null; reason: string }> {
  try {
    const embedder = await loadMiniLM(opts);
    return { embedder, reason: `MiniLM loaded from ${embedder.source}` };
  } catch (e) {
    return { embedder: null, reason: `MiniLM unavailable: ${(e as Error).message}` };
  }
}
