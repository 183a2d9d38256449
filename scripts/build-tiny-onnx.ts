// Writes test/fixtures/tiny-minilm/: a BERT-shaped ONNX graph (see tiny-model.ts for what it
// computes) with a WordPiece tokenizer, in the transformers.js local-model layout, so the MiniLM
// embedder's production code path can be tested without the real weights. The ModelProto is
// encoded by hand (./lib/onnx-proto.ts: no ONNX tooling offline). Run: npx tsx scripts/build-tiny-onnx.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { HIDDEN, NAME, RANK, VOCAB, tinyWeights } from "../test/fixtures/tiny-minilm/tiny-model";
import { FLOAT, INT64, model, node, tensor, valueInfo } from "./lib/onnx-proto";

function buildModel(): Uint8Array {
  const w = tinyWeights();
  const seq: (number | string)[] = ["batch_size", "sequence_length"];
  const nodes = [
    node("Gather", ["word_factors", "input_ids"], "word_low"),
    node("MatMul", ["word_low", "word_basis"], "word_states"),
    node("Gather", ["token_type_table", "token_type_ids"], "type_states"),
    node("Add", ["word_states", "type_states"], "states"),
    node("Cast", ["attention_mask"], "mask_float", { to: FLOAT }),
    node("Unsqueeze", ["mask_float", "last_axis"], "mask_column"),
    node("Mul", ["mask_column", "mask_bias"], "mask_states"),
    node("Add", ["states", "mask_states"], "last_hidden_state"),
  ];
  const initializers = [
    tensor("word_factors", [VOCAB.length, RANK], w.factors),
    tensor("word_basis", [RANK, HIDDEN], w.basis),
    tensor("token_type_table", [2, HIDDEN], w.typeTable),
    tensor("mask_bias", [HIDDEN], w.maskBias),
    tensor("last_axis", [1], BigInt64Array.of(-1n)),
  ];
  return model({
    name: "tiny_bert",
    nodes,
    initializers,
    inputs: ["input_ids", "attention_mask", "token_type_ids"].map((n) => valueInfo(n, INT64, seq)),
    outputs: [valueInfo("last_hidden_state", FLOAT, [...seq, HIDDEN])],
  });
}

function tokenizerJson(): object {
  const special = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"];
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: special.map((content) => ({
      id: VOCAB.indexOf(content), content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true,
    })),
    normalizer: { type: "BertNormalizer", clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      single: [{ SpecialToken: { id: "[CLS]", type_id: 0 } }, { Sequence: { id: "A", type_id: 0 } }, { SpecialToken: { id: "[SEP]", type_id: 0 } }],
      pair: [
        { SpecialToken: { id: "[CLS]", type_id: 0 } }, { Sequence: { id: "A", type_id: 0 } }, { SpecialToken: { id: "[SEP]", type_id: 0 } },
        { Sequence: { id: "B", type_id: 1 } }, { SpecialToken: { id: "[SEP]", type_id: 1 } },
      ],
      special_tokens: Object.fromEntries(["[CLS]", "[SEP]"].map((t) => [t, { id: t, ids: [VOCAB.indexOf(t)], tokens: [t] }])),
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece", unk_token: "[UNK]", continuing_subword_prefix: "##", max_input_chars_per_word: 100,
      vocab: Object.fromEntries(VOCAB.map((t, i) => [t, i])),
    },
  };
}

const tokenizerConfig = {
  tokenizer_class: "BertTokenizer", do_lower_case: true, model_max_length: 128, clean_up_tokenization_spaces: true,
  pad_token: "[PAD]", unk_token: "[UNK]", cls_token: "[CLS]", sep_token: "[SEP]", mask_token: "[MASK]",
};

const config = {
  _name_or_path: NAME, model_type: "bert", architectures: ["BertModel"], hidden_size: HIDDEN,
  num_hidden_layers: 0, num_attention_heads: 1, intermediate_size: HIDDEN, max_position_embeddings: 128,
  type_vocab_size: 2, vocab_size: VOCAB.length, pad_token_id: 0,
};

const dir = fileURLToPath(new URL("../test/fixtures/tiny-minilm/", import.meta.url));
mkdirSync(dir + "onnx", { recursive: true });
writeFileSync(dir + "onnx/model.onnx", buildModel());
writeFileSync(dir + "tokenizer.json", JSON.stringify(tokenizerJson()) + "\n");
writeFileSync(dir + "tokenizer_config.json", JSON.stringify(tokenizerConfig, null, 2) + "\n");
writeFileSync(dir + "config.json", JSON.stringify(config, null, 2) + "\n");
console.log(`wrote ${dir}`);
