// The database enforces the statuses of lib/db/upload-status.ts: every one of them is accepted,
// anything else is refused.
import { afterAll, beforeEach, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { resetDatabase } from "@/test/db";
import { UPLOAD_STATUS } from "./upload-status";

beforeEach(resetDatabase);
afterAll(closeDb);

const insert = (id: string, status: string) => pool().query<Record<string, never>>(`INSERT INTO uploads (id, status) VALUES ($1, $2)`, [id, status]);

it("accepts exactly the statuses of the enum", async () => {
  for (const status of Object.values(UPLOAD_STATUS)) await insert(`u-${status}`, status);
  const stored = await pool().query<{ status: string }>(`SELECT status FROM uploads ORDER BY seq`);
  expect(stored.rows.map((r) => r.status)).toEqual(Object.values(UPLOAD_STATUS));
  await expect(insert("u-bogus", "published")).rejects.toMatchObject({ code: "23514" });
  await expect(insert("u-upper", "DONE")).rejects.toMatchObject({ code: "23514" });
});
