// The health check's pool load names every model it reads measurements of, also one first written
// after the load read the names (an upload published while a health run loads the pool).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { loadModelNames } from "@/lib/db/queries/models";
import { resetDatabase } from "@/test/db";
import { uploadLines } from "@/test/demo";
import { loadPool, nameAll } from "./load-pool";

beforeAll(async () => {
  await resetDatabase();
  await uploadLines([
    { type: "sample", id: "lp/1", benchmark: "lp", input: "What is two plus two?", reference: "4" },
    { type: "score", sample: "lp/1", model: "early-model", metric: "accuracy", value: 1 },
    { type: "score", sample: "lp/1", model: "late-model", metric: "accuracy", value: 0 },
  ]);
}, 120_000);
afterAll(async () => {
  await closeDb();
});

describe("health pool load", () => {
  it("reads the names its map lacks", async () => {
    const names = await loadModelNames();
    const late = [...names].find(([, n]) => n === "late-model")![0];
    names.delete(late); // as if read before late-model's upload
    await nameAll(names, [late, null, undefined]);
    expect(names.get(late)).toBe("late-model");
  });

  it("names every model of the loaded batch", async () => {
    const { input } = await loadPool();
    expect([...input.batch.modelNames].sort()).toEqual(["early-model", "late-model"]);
  });
});
