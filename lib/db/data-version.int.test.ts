// The data version moves only with the transaction that bumps it.
import { afterAll, beforeEach, expect, it } from "vitest";
import { closeDb, withTransaction } from "@/lib/db/client";
import { resetDatabase } from "@/test/db";
import { bumpDataVersion, dataVersion } from "./data-version";

beforeEach(resetDatabase);
afterAll(closeDb);

it("is bumped by a committed transaction and untouched by a rolled-back one", async () => {
  expect(await dataVersion()).toBe(0);
  expect(await withTransaction((c) => bumpDataVersion(c))).toBe(1);
  expect(await withTransaction((c) => bumpDataVersion(c))).toBe(2);
  expect(await dataVersion()).toBe(2);
  await expect(
    withTransaction(async (c) => {
      expect(await bumpDataVersion(c)).toBe(3);
      expect(await dataVersion(c)).toBe(3);
      throw new Error("publish failed");
    }),
  ).rejects.toThrow("publish failed");
  expect(await dataVersion()).toBe(2);
});
