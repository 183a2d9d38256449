// The MiniLM path end to end on a tiny ONNX stand-in (test/fixtures/tiny-minilm, built by
// scripts/build-tiny-onnx.ts): real transformers.js tokenizer, onnxruntime-node session, mean
// pooling and normalisation, checked against the hidden states recomputed from the fixture's
// seeded weights, so a pooling or normalisation regression fails here rather than in search.
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { HIDDEN, VOCAB, tinyWeights, tokenState } from "../../../test/fixtures/tiny-minilm/tiny-model";
import { tryLoadMiniLM, type MiniLMEmbedder } from "./minilm";

const FIXTURE = fileURLToPath(new URL("../../../test/fixtures/tiny-minilm", import.meta.url));

/** Mean of the token states of [CLS] tokens [SEP], scaled to unit length. */
function expectedVector(tokens: string[]): Float64Array {
  const w = tinyWeights();
  const ids = ["[CLS]", ...tokens, "[SEP]"].map((t) => {
    const id = VOCAB.indexOf(t);
    if (id < 0) throw new Error(`token ${t} not in the fixture vocabulary`);
    return id;
  });
  const mean = new Float64Array(HIDDEN);
  for (const id of ids) tokenState(w, id).forEach((x, c) => (mean[c] += x / ids.length));
  const norm = Math.hypot(...mean);
  return mean.map((x) => x / norm);
}

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Array.from(a).reduce((m, x, i) => Math.max(m, Math.abs(x - b[i])), 0);

describe("MiniLM embedder (tiny fixture model)", () => {
  let embedder: MiniLMEmbedder;

  beforeAll(async () => {
    const loaded = await tryLoadMiniLM({ modelDir: FIXTURE });
    if (!loaded.embedder) throw new Error(loaded.reason);
    embedder = loaded.embedder;
  });

  it("loads offline from the local directory and names the model it loaded", async () => {
    const { env } = await import("@huggingface/transformers");
    expect(env.allowRemoteModels).toBe(false);
    expect(env.localModelPath).toBe(fileURLToPath(new URL("../../../test/fixtures/", import.meta.url)));
    expect(embedder.name).toBe("minilm:tiny-minilm-fixture");
    expect(embedder.kind).toBe("minilm");
    expect(embedder.dims).toBe(384);
  });

  it("gives 384-dim unit vectors", async () => {
    const vectors = await embedder.embed(["the cat", "python code function", "inflation and interest"]);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(384);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
  });

  it("mean-pools the hidden states of real tokens, [CLS] and [SEP] included, then normalises", async () => {
    const cases: [string, string[]][] = [
      ["The cat.", ["the", "cat", "."]],
      ["cats and dogs", ["cat", "##s", "and", "dog", "##s"]],
      ["Virus, antibody; immune CELL", ["virus", ",", "antibody", ";", "immune", "cell"]],
    ];
    const vectors = await embedder.embed(cases.map(([text]) => text));
    cases.forEach(([, tokens], i) => expect(maxDiff(vectors[i], expectedVector(tokens))).toBeLessThan(1e-5));
  });

  it("gives a text the same vector alone as in a padded batch", async () => {
    const words = VOCAB.filter((t) => /^[a-z]{3,}$/.test(t));
    const texts = Array.from({ length: 40 }, (_, i) => words.slice(i % 20, (i % 20) + 1 + ((i * 7) % 13)).join(" "));
    const batched = await embedder.embed(texts);
    for (const i of [0, 5, 17, 33, 39]) {
      const [alone] = await embedder.embed([texts[i]]);
      expect(maxDiff(batched[i], alone)).toBeLessThan(1e-6);
    }
  });

  it("reports, without throwing, why weights are unavailable", async () => {
    const missing = await tryLoadMiniLM({ modelDir: "/nonexistent/all-MiniLM-L6-v2" });
    expect(missing.embedder).toBeNull();
    expect(missing.reason).toMatch(/\/nonexistent\/all-MiniLM-L6-v2 does not exist/);
    const incomplete = await tryLoadMiniLM({ modelDir: fileURLToPath(new URL(".", import.meta.url)) });
    expect(incomplete.reason).toMatch(/lacks config\.json, tokenizer\.json, tokenizer_config\.json, onnx\/model\.onnx/);
    const noSource = await tryLoadMiniLM({});
    expect(noSource.reason).toMatch(/no EMBEDDINGS_MODEL_DIR given/);
  });
});
