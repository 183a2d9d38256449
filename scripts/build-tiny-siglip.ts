// Writes test/fixtures/tiny-siglip/: SigLIP-shaped vision and text towers (see tiny-model.ts for
// what they compute) with a Unigram tokenizer and SigLIP's image processor settings, in the
// transformers.js local-model layout of Xenova/siglip-base-patch16-224, so the image embedder's
// production code path runs in CI without the real weights. Run: npx tsx scripts/build-tiny-siglip.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CELLS, HIDDEN, NAME, PIECES, POOL, RANK, SPECIALS, VOCAB_SIZE, tinySiglipWeights } from "../test/fixtures/tiny-siglip/tiny-model";
import { FLOAT, INT64, model, node, tensor, valueInfo } from "./lib/onnx-proto";

const w = tinySiglipWeights();

const vision = model({
  name: "tiny_siglip_vision",
  nodes: [
    node("AveragePool", ["pixel_values"], "pooled", { kernel_shape: [POOL, POOL], strides: [POOL, POOL] }),
    node("Flatten", ["pooled"], "flat", { axis: 1 }),
    node("MatMul", ["flat", "vision_factors"], "code"),
    node("MatMul", ["code", "projection"], "pooler_output"),
  ],
  initializers: [tensor("vision_factors", [3 * CELLS, RANK], w.vision), tensor("projection", [RANK, HIDDEN], w.projection)],
  inputs: [valueInfo("pixel_values", FLOAT, ["batch_size", 3, 224, 224])],
  outputs: [valueInfo("pooler_output", FLOAT, ["batch_size", HIDDEN])],
});

const text = model({
  name: "tiny_siglip_text",
  nodes: [
    node("Gather", ["token_table", "input_ids"], "tokens"),
    node("ReduceMean", ["tokens"], "code", { axes: [1], keepdims: 0 }),
    node("MatMul", ["code", "projection"], "pooler_output"),
  ],
  initializers: [tensor("token_table", [VOCAB_SIZE, RANK], w.text), tensor("projection", [RANK, HIDDEN], w.projection)],
  inputs: [valueInfo("input_ids", INT64, ["batch_size", "sequence_length"])],
  outputs: [valueInfo("pooler_output", FLOAT, ["batch_size", HIDDEN])],
});

const tokenizer = {
  version: "1.0",
  truncation: null,
  padding: null,
  added_tokens: SPECIALS.map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
  normalizer: { type: "Lowercase" },
  pre_tokenizer: { type: "Metaspace", replacement: "▁", prepend_scheme: "always", split: true },
  post_processor: {
    type: "TemplateProcessing",
    single: [{ Sequence: { id: "A", type_id: 0 } }, { SpecialToken: { id: "</s>", type_id: 0 } }],
    pair: [{ Sequence: { id: "A", type_id: 0 } }, { SpecialToken: { id: "</s>", type_id: 0 } }, { Sequence: { id: "B", type_id: 0 } }, { SpecialToken: { id: "</s>", type_id: 0 } }],
    special_tokens: { "</s>": { id: "</s>", ids: [1], tokens: ["</s>"] } },
  },
  decoder: { type: "Metaspace", replacement: "▁", prepend_scheme: "always", split: true },
  model: { type: "Unigram", unk_id: 2, byte_fallback: false, vocab: [...SPECIALS.map((s) => [s, 0]), ...PIECES.map((p) => [p.piece, p.score])] },
};

// The settings of google/siglip-base-patch16-224's tokenizer and processor (pad with </s> to 64).
const tokenizerConfig = { tokenizer_class: "SiglipTokenizer", model_max_length: 64, pad_token: "</s>", eos_token: "</s>", unk_token: "<unk>", do_lower_case: true };
const preprocessor = {
  do_resize: true,
  size: { height: 224, width: 224 },
  resample: 3,
  do_rescale: true,
  rescale_factor: 1 / 255,
  do_normalize: true,
  image_mean: [0.5, 0.5, 0.5],
  image_std: [0.5, 0.5, 0.5],
  image_processor_type: "SiglipImageProcessor",
  processor_class: "SiglipProcessor",
};
const config = {
  _name_or_path: NAME,
  model_type: "siglip",
  architectures: ["SiglipModel"],
  text_config: { model_type: "siglip_text_model", hidden_size: HIDDEN, vocab_size: VOCAB_SIZE, max_position_embeddings: 64, num_hidden_layers: 0 },
  vision_config: { model_type: "siglip_vision_model", hidden_size: HIDDEN, image_size: 224, patch_size: 16, num_hidden_layers: 0 },
};

const dir = fileURLToPath(new URL("../test/fixtures/tiny-siglip/", import.meta.url));
mkdirSync(dir + "onnx", { recursive: true });
writeFileSync(dir + "onnx/vision_model.onnx", vision);
writeFileSync(dir + "onnx/text_model.onnx", text);
writeFileSync(dir + "tokenizer.json", JSON.stringify(tokenizer) + "\n");
writeFileSync(dir + "tokenizer_config.json", JSON.stringify(tokenizerConfig, null, 2) + "\n");
writeFileSync(dir + "preprocessor_config.json", JSON.stringify(preprocessor, null, 2) + "\n");
writeFileSync(dir + "config.json", JSON.stringify(config, null, 2) + "\n");
console.log(`wrote ${dir}`);
