// Model names as requests read them: remembered per data version, yet never missing a model that
// another process wrote since (evidence read fresh from the database names it already).
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { notePolledStamp } from "@/lib/db/version-memo";
import { resetDatabase } from "@/test/db";
import { servedModelNames } from "./models";

beforeAll(resetDatabase);
afterAll(closeDb);

it("reads the names the remembered map lacks instead of leaving them out", async () => {
  const first = await pool().query<{ id: number }>(`INSERT INTO models (name) VALUES ('known-model') RETURNING id`);
  const known = first.rows[0].id;
  // A request's version poll just happened: names are remembered under its stamp.
  notePolledStamp({ dataVersion: 0, versionAt: new Date(0), healthRun: null });
  expect((await servedModelNames([known])).get(known)).toBe("known-model");
  // Written as another process would: not through this process, so nothing here forgets the map.
  const later = await pool().query<{ id: number }>(`INSERT INTO models (name) VALUES ('later-model') RETURNING id`);
  const id = later.rows[0].id;
  const names = await servedModelNames([known, id, null]);
  expect(names.get(id)).toBe("later-model");
  expect(names.get(known)).toBe("known-model");
});
