import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fitLsa, selectEmbedder } from "./index";

const FIXTURE = fileURLToPath(new URL("../../../test/fixtures/tiny-minilm", import.meta.url));
const lsa = fitLsa(["viruses and vaccines", "vaccines against viruses", "interest rates and inflation", "inflation and interest"]);

describe("selectEmbedder", () => {
  it("auto: MiniLM when its weights load, and says so", async () => {
    const s = await selectEmbedder({ mode: "auto", modelDir: FIXTURE, lsa });
    expect(s.kind).toBe("minilm");
    expect(s.embedder?.name).toBe("minilm:tiny-minilm-fixture");
    expect(s.reason).toMatch(/^MiniLM loaded from .*tiny-minilm \(EMBEDDER=auto\)$/);
  });

  it("auto: the fallback when they do not, with the reason MiniLM failed", async () => {
    const s = await selectEmbedder({ mode: "auto", modelDir: "/nonexistent/minilm", lsa });
    expect(s.kind).toBe("fallback");
    expect(s.embedder?.name).toBe(lsa.name);
    expect(s.embedder?.dims).toBe(384);
    expect(s.reason).toMatch(/MiniLM unavailable: model directory \/nonexistent\/minilm does not exist; using offline LSA fallback fallback-lsa-v1:[0-9a-f]{8}/);
    const [v] = await s.embedder!.embed(["vaccines"]);
    expect(v).toEqual(lsa.embed(["vaccines"])[0]);
  });

  it("fallback: never tries MiniLM, loads the fitted model lazily, reports when none is fitted", async () => {
    let loads = 0;
    const s = await selectEmbedder({ mode: "fallback", modelDir: FIXTURE, lsa: async () => (loads++, lsa) });
    expect(s.kind).toBe("fallback");
    expect(loads).toBe(1);
    expect(s.reason).toMatch(/^EMBEDDER=fallback; using offline LSA fallback/);
    const none = await selectEmbedder({ mode: "fallback", lsa: async () => null });
    expect(none.embedder).toBeNull();
    expect(none.reason).toMatch(/not fitted yet/);
  });

  it("minilm: an error, not a silent fallback, when the weights are missing", async () => {
    await expect(selectEmbedder({ mode: "minilm", modelDir: "/nonexistent/minilm", lsa })).rejects.toThrow(
      /EMBEDDER=minilm but MiniLM unavailable: model directory \/nonexistent\/minilm does not exist/,
    );
  });
});
