import { describe, expect, it } from "vitest";
import { LEASE_STATUSES, reportedStatus, statusListSql, statusSql, UNFINISHED_STATUSES, UPLOAD_STATUS, type StoredUploadStatus } from "./upload-status";

const ALL = Object.values(UPLOAD_STATUS);

describe("upload statuses", () => {
  it("report the internal `failing` as failed and every other status as itself", () => {
    expect(ALL.map((s) => [s, reportedStatus(s)])).toEqual([
      ["queued", "queued"],
      ["running", "running"],
      ["failing", "failed"],
      ["done", "done"],
      ["failed", "failed"],
    ]);
  });

  it("are safe SQL literals, spelled as the migration's CHECK constraint lists them", () => {
    for (const s of ALL) expect(statusSql(s)).toMatch(/^'[a-z]+'$/);
    expect(statusListSql(ALL)).toBe("'queued', 'running', 'failing', 'done', 'failed'");
  });

  it("hold the lease while running or failing; only done and failed are finished", () => {
    expect([...LEASE_STATUSES]).toEqual(["running", "failing"]);
    const finished = ALL.filter((s) => !(UNFINISHED_STATUSES as readonly StoredUploadStatus[]).includes(s));
    expect(finished).toEqual(["done", "failed"]);
  });
});
