import { describe, expect, it, vi } from "vitest";
import { ReadModel } from "./read-model";

const emptyModel = () => new ReadModel({ dataVersion: 1, versionAt: new Date(0), maxSeq: 0, pending: [], readAt: new Date(0) });

describe("lexicalFor", () => {
  it("builds one index per read model version, shared by every copy of the module (Next.js bundles one per layer)", async () => {
    const first = await import("./lexical-store");
    vi.resetModules();
    const second = await import("./lexical-store");
    expect(second.lexicalFor).not.toBe(first.lexicalFor);
    const model = emptyModel();
    const index = first.lexicalFor(model);
    // The other copy finds the index the first one built (or is building) instead of building its own.
    expect(second.lexicalFor(model)).toBe(index);
    expect((await index).size).toBe(0);
    // Another read model gets its own.
    expect(second.lexicalFor(emptyModel())).not.toBe(index);
  });
});
