// SigLIP (Zhai et al. 2023, "Sigmoid Loss for Language Image Pre-Training") through transformers.js:
// the vision tower embeds images, the text tower embeds capability queries into the same 768-d
// space (SiglipVisionModel / SiglipTextModel, pooler_output — the towers' own heads, which the
// sigmoid loss compares), each vector scaled to unit length so cosine similarity is a dot product.
// Images are decoded by sharp under the store's pixel limit and handed to SiglipImageProcessor
// (resize to 224², rescale, normalise), texts tokenized padded to 64 as SigLIP was trained.
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "@/lib/images/limits";
import { withTimeout } from "./with-timeout";

export const SIGLIP_HUB_ID = "Xenova/siglip-base-patch16-224";
export const SIGLIP_DIMS = 768;
const BATCH_SIZE = 16;
/** Longer side an image is decoded to before the processor's own resize to 224 (saves its work). */
const DECODE_SIDE = 448;

export interface SiglipOptions {
  /** Directory in transformers.js layout (config.json, preprocessor_config.json, tokenizer*.json, onnx/{vision,text}_model[_quantized].onnx). */
  modelDir?: string;
  allowRemote?: boolean;
  hubId?: string;
  timeoutMs?: number;
}

export interface SiglipEmbedder {
  readonly kind: "siglip";
  /** Recorded with every vector: `siglip:<model name>[:q8]`. */
  readonly name: string;
  readonly dims: number;
  readonly source: string;
  embedImages(images: Buffer[]): Promise<Float32Array[]>;
  embedTexts(texts: string[]): Promise<Float32Array[]>;
}

export class SiglipUnavailableError extends Error {
  override name = "SiglipUnavailableError";
}

interface Tensor {
  data: Float32Array;
  dims: number[];
}
type Tower = (inputs: Record<string, unknown>) => Promise<{ pooler_output: Tensor }>;

function localWeights(dir: string): { dtype: "fp32" | "q8" } {
  if (!existsSync(dir)) throw new SiglipUnavailableError(`model directory ${dir} does not exist`);
  const missing = ["config.json", "preprocessor_config.json", "tokenizer.json", "tokenizer_config.json"].filter((f) => !existsSync(join(dir, f)));
  const has = (suffix: string) => ["vision_model", "text_model"].every((m) => existsSync(join(dir, "onnx", `${m}${suffix}.onnx`)));
  const fp32 = has("");
  if (!fp32 && !has("_quantized")) missing.push("onnx/vision_model.onnx and onnx/text_model.onnx (or their _quantized versions)");
  if (missing.length > 0) throw new SiglipUnavailableError(`model directory ${dir} lacks ${missing.join(", ")}`);
  return { dtype: fp32 ? "fp32" : "q8" };
}

function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return withTimeout(promise, ms, () => new SiglipUnavailableError(`${what} timed out after ${ms} ms`));
}

function unitRows(t: Tensor): Float32Array[] {
  const [n, d] = t.dims;
  const out: Float32Array[] = [];
  for (let i = 0; i < n; i++) {
    const v = t.data.slice(i * d, (i + 1) * d);
    let norm = 0;
    for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < d; k++) v[k] /= norm;
    out.push(v);
  }
  return out;
}

export async function loadSiglip(opts: SiglipOptions = {}): Promise<SiglipEmbedder> {
  const tf = await import("@huggingface/transformers");
  let modelId: string;
  let source: string;
  let dtype: "fp32" | "q8" = "fp32";
  if (opts.modelDir) {
    const dir = resolve(opts.modelDir);
    dtype = localWeights(dir).dtype;
    tf.env.allowLocalModels = true;
    tf.env.localModelPath = dirname(dir) + "/";
    modelId = basename(dir);
    source = dir;
  } else if (opts.allowRemote) {
    tf.env.allowRemoteModels = true;
    modelId = opts.hubId ?? SIGLIP_HUB_ID;
    source = `hub:${modelId}`;
  } else {
    throw new SiglipUnavailableError("no IMAGE_EMBEDDINGS_MODEL_DIR given and downloading from the hub is not allowed");
  }
  const local = { dtype, local_files_only: !!opts.modelDir } as const;
  let processor: (image: unknown) => Promise<Record<string, unknown>>;
  let tokenizer: (texts: string[], o: object) => Record<string, unknown>;
  let vision: Tower;
  let text: Tower;
  try {
    const loaded = Promise.all([
      tf.AutoProcessor.from_pretrained(modelId, { local_files_only: local.local_files_only }),
      tf.AutoTokenizer.from_pretrained(modelId, { local_files_only: local.local_files_only }),
      tf.SiglipVisionModel.from_pretrained(modelId, local),
      tf.SiglipTextModel.from_pretrained(modelId, local),
    ]);
    const [p, t, v, x] = await bounded(loaded, opts.timeoutMs ?? 180_000, `loading ${source}`);
    processor = p as unknown as typeof processor;
    tokenizer = t as unknown as typeof tokenizer;
    vision = v as unknown as Tower;
    text = x as unknown as Tower;
  } catch (e) {
    if (e instanceof SiglipUnavailableError) throw e;
    throw new SiglipUnavailableError(`could not load ${source}: ${(e as Error).message}`);
  }

  async function embedTexts(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += BATCH_SIZE) {
      const inputs = tokenizer(texts.slice(i, i + BATCH_SIZE), { padding: "max_length", truncation: true, max_length: 64 });
      out.push(...unitRows((await text(inputs)).pooler_output));
    }
    return out;
  }

  async function toRaw(bytes: Buffer): Promise<unknown> {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(DECODE_SIDE, DECODE_SIDE, { fit: "inside", withoutEnlargement: true })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    return new tf.RawImage(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, 3);
  }

  async function embedImages(images: Buffer[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < images.length; i += BATCH_SIZE) {
      const raws = await Promise.all(images.slice(i, i + BATCH_SIZE).map(toRaw));
      const inputs = await processor(raws);
      out.push(...unitRows((await vision(inputs)).pooler_output));
    }
    return out;
  }

  const [probe] = await embedTexts(["dimension probe"]);
  if (probe.length !== SIGLIP_DIMS) throw new SiglipUnavailableError(`${source} gives ${probe.length}-dim vectors, the image space stores ${SIGLIP_DIMS}`);
  const name = `siglip:${modelName(opts.modelDir ? resolve(opts.modelDir) : null, modelId)}${dtype === "q8" ? ":q8" : ""}`;
  return { kind: "siglip", name, dims: SIGLIP_DIMS, source, embedImages, embedTexts };
}

/** The model's own name (config `_name_or_path`), so a test model never passes for the real one. */
function modelName(dir: string | null, modelId: string): string {
  if (dir) {
    const config = JSON.parse(readFileSync(join(dir, "config.json"), "utf8")) as { _name_or_path?: unknown };
    if (typeof config._name_or_path === "string" && config._name_or_path) return basename(config._name_or_path);
  }
  return basename(modelId);
}
