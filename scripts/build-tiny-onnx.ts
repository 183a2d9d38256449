// Writes test/fixtures/tiny-minilm/: a BERT-shaped ONNX graph (see tiny-model.ts for what it
// computes) with a WordPiece tokenizer, in the transformers.js local-model layout, so the MiniLM
// embedder's production code path can be tested without the real weights. No ONNX tooling is
// available offline, so the ModelProto is encoded here by hand: protobuf wire format (varints and
// length-delimited fields, https://protobuf.dev/programming-guides/encoding/) with field numbers
// from onnx/onnx.proto. Run: npx tsx scripts/build-tiny-onnx.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { HIDDEN, NAME, RANK, VOCAB, tinyWeights } from "../test/fixtures/tiny-minilm/tiny-model";

type Field = [number, "varint", number] | [number, "bytes", Uint8Array | string];

function varint(n: number): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, BigInt(n));
  do {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v > 0n ? byte | 0x80 : byte);
  } while (v > 0n);
  return out;
}

/** One protobuf message: wire type 0 (varint) or 2 (length-delimited) per field. */
function message(fields: Field[]): Uint8Array {
  const parts: number[] = [];
  for (const [num, kind, value] of fields) {
    if (kind === "varint") {
      parts.push(...varint((num << 3) | 0), ...varint(value));
    } else {
      const bytes = typeof value === "string" ? new TextEncoder().encode(value) : value;
      parts.push(...varint((num << 3) | 2), ...varint(bytes.length));
      for (const b of bytes) parts.push(b);
    }
  }
  return Uint8Array.from(parts);
}

const FLOAT = 1;
const INT64 = 7;

/** TensorProto{dims=1, data_type=2, name=8, raw_data=9 (little-endian)}. */
function tensor(name: string, dims: number[], data: Float32Array | BigInt64Array): Uint8Array {
  const type = data instanceof Float32Array ? FLOAT : INT64;
  const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return message([...dims.map((d): Field => [1, "varint", d]), [2, "varint", type], [8, "bytes", name], [9, "bytes", raw]]);
}

/** ValueInfoProto{name=1, type=2: TypeProto{tensor_type=1: {elem_type=1, shape=2: {dim=1: {dim_value=1 | dim_param=2}}}}}. */
function valueInfo(name: string, elemType: number, dims: (number | string)[]): Uint8Array {
  const shape = message(
    dims.map((d): Field => [1, "bytes", typeof d === "number" ? message([[1, "varint", d]]) : message([[2, "bytes", d]])]),
  );
  const tensorType = message([[1, "varint", elemType], [2, "bytes", shape]]);
  return message([[1, "bytes", name], [2, "bytes", message([[1, "bytes", tensorType]])]]);
}

/** NodeProto{input=1, output=2, name=3, op_type=4, attribute=5}; attributes here are single ints. */
function node(op: string, inputs: string[], output: string, intAttrs: Record<string, number> = {}): Uint8Array {
  const attrs = Object.entries(intAttrs).map(([k, v]): Field => [5, "bytes", message([[1, "bytes", k], [3, "varint", v], [20, "varint", 2]])]);
  return message([...inputs.map((i): Field => [1, "bytes", i]), [2, "bytes", output], [3, "bytes", output], [4, "bytes", op], ...attrs]);
}

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
  const graph = message([
    ...nodes.map((n): Field => [1, "bytes", n]),
    [2, "bytes", "tiny_bert"],
    ...initializers.map((t): Field => [5, "bytes", t]),
    ...["input_ids", "attention_mask", "token_type_ids"].map((n): Field => [11, "bytes", valueInfo(n, INT64, seq)]),
    [12, "bytes", valueInfo("last_hidden_state", FLOAT, [...seq, HIDDEN])],
  ]);
  // ModelProto{ir_version=1, producer_name=2, graph=7, opset_import=8: {domain=1, version=2}}.
  return message([[1, "varint", 8], [2, "bytes", "onebench build-tiny-onnx"], [7, "bytes", graph], [8, "bytes", message([[1, "bytes", ""], [2, "varint", 17]])]]);
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
