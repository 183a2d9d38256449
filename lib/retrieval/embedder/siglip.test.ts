// SigLIP's production code path on the tiny SigLIP-shaped model (scripts/build-tiny-siglip.ts): the
// real processor, tokenizer and tower classes; vectors of 768 dims and unit length; the planted
// colour link (tiny-model.ts) found by a text query; and the reasons when weights are missing.
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSiglip, type SiglipEmbedder } from "./siglip";

const FIXTURE = fileURLToPath(new URL("../../../test/fixtures/tiny-siglip", import.meta.url));
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);
const solid = (background: string, width = 300, height = 200) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

let siglip: SiglipEmbedder;
beforeAll(async () => {
  siglip = await loadSiglip({ modelDir: FIXTURE });
});

describe("SigLIP on the tiny model", () => {
  it("is named after the model and gives 768-d unit vectors for images and texts", async () => {
    expect(siglip.name).toBe("siglip:tiny-siglip-fixture");
    const [img] = await siglip.embedImages([await solid("#ff0000")]);
    const [txt] = await siglip.embedTexts(["a red chart"]);
    for (const v of [img, txt]) {
      expect(v).toHaveLength(768);
      expect(dot(v, v)).toBeCloseTo(1, 5);
    }
  });

  it("puts a colour word next to images of that colour, whatever their size (processor resizes)", async () => {
    const images = await Promise.all([solid("#ff0000", 640, 480), solid("#00ff00", 50, 90), solid("#0000ff"), solid("#ffff00", 224, 224)]);
    const vectors = await siglip.embedImages(images);
    const queries = await siglip.embedTexts(["red", "a green picture", "blue", "yellow"]);
    queries.forEach((q, i) => {
      const sims = vectors.map((v) => dot(q, v));
      expect(sims.indexOf(Math.max(...sims))).toBe(i);
    });
  });

  it("embeds a text the same way alone and in a batch (padding to 64 does not leak)", async () => {
    const [alone] = await siglip.embedTexts(["how many circles"]);
    const batch = await siglip.embedTexts(["red", "how many circles", "a picture of the tallest bar in the chart"]);
    expect(dot(alone, batch[1])).toBeCloseTo(1, 5);
  });

  it("says why when the weights cannot load", async () => {
    await expect(loadSiglip({ modelDir: "/nonexistent/siglip" })).rejects.toThrow(/does not exist/);
    await expect(loadSiglip({ modelDir: fileURLToPath(new URL("../../../test/fixtures/tiny-minilm", import.meta.url)) })).rejects.toThrow(/lacks preprocessor_config.json/);
    await expect(loadSiglip({})).rejects.toThrow(/no IMAGE_EMBEDDINGS_MODEL_DIR given/);
  });
});
