// Per-upload leases: several uploads are processed at once (no global lease), an upload whose
// process stopped beating is taken over and finished by another, and the stalled process can no
// longer write into it or finish it.
import { Readable } from "node:stream";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { loadModelFacts, writeModelFacts, type ModelFacts } from "@/lib/db/queries/model-facts";
import { heartbeat, tryTakeLease } from "@/lib/db/queries/upload-lease";
import { deleteUploadRows } from "@/lib/db/queries/upload-rows";
import { stopQueue } from "@/lib/queue";
import { resetDatabase } from "@/test/db";
import { linesFile } from "@/test/lines-file";
import { createUpload, importFile, processUpload, recoverInterruptedUploads } from "./index";
import { emptyCounts } from "./types";

beforeEach(resetDatabase);
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

function file(bench: string, n: number, shared = false): Readable {
  const lines: object[] = [];
  for (let i = 0; i < n; i++) {
    lines.push({ type: "sample", id: `${bench}/${i}`, benchmark: bench, input: `Q ${i}` });
    for (let m = 0; m < 3; m++) lines.push({ type: "score", sample: `${bench}/${i}`, model: `model-${m}`, metric: "accuracy", value: (i + m) % 2 });
  }
  if (shared) lines.push({ type: "sample", id: "shared/0", benchmark: "shared", input: "the same id in every file" });
  return Readable.from([Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n") + "\n")]);
}

/** A model line's facts with only its organization given. */
const facts = (organization: string): ModelFacts => ({ display_name: null, organization, parameters_b: null, open_weights: null, license: null, released: null, family: null, url: null });

const visibleSamples = async () =>
  (await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM samples s JOIN uploads u ON u.seq = s.upload_seq WHERE u.status = 'done'`)).rows[0].n;

/** Until another session's statement starting with `sql` waits for a lock (native server: pg_stat_activity). */
async function untilLockWait(sql: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    const r = await pool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND ltrim(query) LIKE $1 AND pid <> pg_backend_pid()`,
      [`${sql}%`],
    );
    if (r.rows[0].n > 0) return;
    if (tries > 400) throw new Error(`no statement "${sql}…" waited for a lock within 10 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("per-upload leases", () => {
  it("processes four uploads at once, each imported exactly once", async () => {
    const ids = await Promise.all(["a", "b", "c", "d"].map(async (b) => (await createUpload(file(b, 3000))).id));
    const running: number[] = [];
    const reports = await Promise.all(
      ids.map((id) =>
        processUpload(id, {
          onProgress: async () => {
            running.push((await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM uploads WHERE status = 'running'`)).rows[0].n);
          },
        }),
      ),
    );
    // They overlapped: some batch was written while other uploads held their own leases.
    expect(Math.max(...running)).toBeGreaterThan(1);
    for (const r of reports) expect(r).toMatchObject({ status: "done", counts: { samples_new: 3000, measurements_new: 9000, rejected: 0 } });
    expect(await visibleSamples()).toBe(12_000);
    const m = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM measurements`);
    expect(m.rows[0].n).toBe(36_000);
  });

  it("never writes one new sample twice when uploads running at once both bring it", async () => {
    const ids = await Promise.all(["p", "q"].map(async (b) => (await createUpload(file(b, 2500, true), { partial: true })).id));
    const reports = await Promise.all(ids.map((id) => processUpload(id)));
    for (const r of reports) expect(r.status).toBe("done");
    // Exactly one stored it; the other found it in flight (rejected: send again) or published (duplicate).
    expect(reports.reduce((n, r) => n + r.counts.samples_new, 0)).toBe(5001);
    const shared = await pool().query(`SELECT count(*)::int AS n FROM samples WHERE id = 'shared/0'`);
    expect(shared.rows[0].n).toBe(1);
  });

  it("leaves a model's facts that an upload still running wrote alone: the later upload's model line is rejected, as a busy key", async () => {
    await importFile(linesFile([{ type: "model", id: "m1", organization: "Published" }, { type: "sample", id: "f/1", benchmark: "f", input: "Q" }, { type: "score", sample: "f/1", model: "m1", metric: "acc", value: 1 }]));
    // Upload A runs: it has written its facts for m1 and not published yet.
    const a = await tryTakeLease((await createUpload(file("fa", 1))).id);
    const m1 = (await pool().query<{ id: number }>(`SELECT id FROM models WHERE name = 'm1'`)).rows[0].id;
    expect(await writeModelFacts([{ modelId: m1, facts: facts("A") }], a!.seq)).toMatchObject({ created: 0, updated: 1, busy: [] });
    const factsRows = async () => (await pool().query(`SELECT organization, upload_seq, superseded_by FROM model_facts ORDER BY id`)).rows;
    const before = await factsRows();

    // B, meanwhile, brings facts for m1 (lines 2 and 3, the second changing the first): a dry run
    // and an import both reject both lines, and count neither as anything else.
    const lines = [{ type: "sample", id: "f/2", benchmark: "f", input: "Q2" }, { type: "model", id: "m1", organization: "B" }, { type: "model", id: "m1", organization: "B2" }];
    const busy = (line: number) => ({ line, message: expect.stringMatching(/model's facts are being written by another upload that has not finished/) });
    for (const dryRun of [true, false]) {
      const b = await importFile(linesFile(lines), { dryRun });
      expect(b).toMatchObject({ status: "failed", counts: { rejected: 2 }, errors: [busy(2), busy(3)] });
    }
    // With partial=true (and as a dry run of it) the rest of B is stored, its facts lines still rejected.
    for (const dryRun of [true, false]) {
      const partial = await importFile(linesFile(lines), { partial: true, dryRun });
      expect(partial).toMatchObject({ status: "done", counts: { samples_new: 1, facts_new: 0, facts_updated: 0, duplicates: 0, rejected: 2 }, errors: [busy(2), busy(3)] });
    }
    // A's facts were neither removed nor replaced (before, B removed them as a failed upload's).
    expect(await factsRows()).toEqual(before);
    expect((await loadModelFacts("m1"))?.organization).toBe("Published");
  });

  it("leaves a failing upload's facts to its clean-up, which then restores the facts it had replaced", async () => {
    await importFile(linesFile([{ type: "model", id: "m2", organization: "Published" }, { type: "sample", id: "g/1", benchmark: "g", input: "Q" }, { type: "score", sample: "g/1", model: "m2", metric: "acc", value: 1 }]));
    const f = await tryTakeLease((await createUpload(file("gf", 1))).id);
    const m2 = (await pool().query<{ id: number }>(`SELECT id FROM models WHERE name = 'm2'`)).rows[0].id;
    await writeModelFacts([{ modelId: m2, facts: facts("F") }], f!.seq);
    // F fails: its rows are being removed (status failing) when L brings facts for m2.
    await pool().query(`UPDATE uploads SET status = 'failing' WHERE seq = $1`, [f!.seq]);
    const l = await importFile(linesFile([{ type: "model", id: "m2", organization: "L" }]), { partial: true });
    expect(l.errors).toEqual([{ line: 1, message: expect.stringMatching(/being written by another upload/) }]);
    // Before, L removed F's row and wrote its own live one; F's clean-up then restored the published
    // row beside it and failed on the live key (a unique violation).
    await deleteUploadRows(f!.seq);
    expect((await pool().query(`SELECT organization FROM model_facts WHERE model_id = $1 AND superseded_by IS NULL`, [m2])).rows).toEqual([{ organization: "Published" }]);
  });

  // Two sessions: on the embedded database an open transaction holds every other client back.
  it.skipIf(process.env.TEST_DB !== "native")("plans a model's facts again when another upload writes them between its look-up and its insert, then leaves them to it (native server only)", async () => {
    await importFile(linesFile([{ type: "sample", id: "h/1", benchmark: "h", input: "Q" }, { type: "score", sample: "h/1", model: "m3", metric: "acc", value: 1 }]));
    const m3 = (await pool().query<{ id: number }>(`SELECT id FROM models WHERE name = 'm3'`)).rows[0].id;
    const a = await tryTakeLease((await createUpload(file("ha", 1))).id);
    const b = await tryTakeLease((await createUpload(file("hb", 1))).id);
    const other = await pool().connect();
    try {
      // B writes m3's live facts in a transaction still open when A looks: A plans an insert.
      await other.query("BEGIN");
      await other.query(`INSERT INTO model_facts (model_id, organization, upload_seq) VALUES ($1, 'B', $2)`, [m3, b!.seq]);
      const writing = writeModelFacts([{ modelId: m3, facts: facts("A") }], a!.seq);
      // A's insert waits on B's row for the live key; B commits, and A's insert is a unique violation.
      await untilLockWait("INSERT INTO model_facts");
      await other.query("COMMIT");
      // Planned again, B's facts belong to an upload that has not finished: busy, nothing written.
      expect(await writing).toEqual({ created: 0, updated: 0, unchanged: 0, busy: [m3] });
    } finally {
      other.release();
    }
    expect((await pool().query(`SELECT organization, upload_seq FROM model_facts WHERE model_id = $1 AND superseded_by IS NULL`, [m3])).rows).toEqual([{ organization: "B", upload_seq: b!.seq }]);
  });

  it.skipIf(process.env.TEST_DB !== "native")("compares a batch's measurements again when another upload writes one of its keys between the look-up and the insert, then rejects that line as busy (native server only)", async () => {
    await importFile(linesFile([{ type: "sample", id: "k/1", benchmark: "k", input: "Q" }, { type: "score", sample: "k/1", model: "m4", metric: "other", value: 1 }]));
    const ids = await pool().query<{ sample: number; model: number }>(`SELECT (SELECT pk FROM samples WHERE id = 'k/1') AS sample, (SELECT id FROM models WHERE name = 'm4') AS model`);
    const { sample, model } = ids.rows[0];
    const b = await tryTakeLease((await createUpload(file("kb", 1))).id);
    const other = await pool().connect();
    try {
      // B writes the key "acc" in a transaction still open while A's batch is stored: A's first,
      // blind insert fails at once on the published "other"; its look-up then sees no live "acc",
      // and its second insert waits on B's row.
      await other.query("BEGIN");
      await other.query(`INSERT INTO measurements (sample_pk, kind, key, model_id, value, upload_seq) VALUES ($1, 'score', 'acc', $2, 0, $3)`, [sample, model, b!.seq]);
      const lines = [
        { type: "score", sample: "k/1", model: "m4", metric: "other", value: 0 },
        { type: "score", sample: "k/1", model: "m4", metric: "acc", value: 1 },
      ];
      const importing = importFile(linesFile(lines), { partial: true });
      await untilLockWait("INSERT INTO measurements");
      await other.query("COMMIT");
      // A unique violation: compared again, "acc" is live in an upload that has not finished.
      expect(await importing).toMatchObject({
        status: "done",
        counts: { measurements_new: 0, measurements_updated: 1, rejected: 1 },
        errors: [{ line: 2, message: expect.stringMatching(/being written by another upload/) }],
      });
    } finally {
      other.release();
    }
    const live = await pool().query(`SELECT key, value, upload_seq = $2 AS by_b FROM measurements WHERE sample_pk = $1 AND superseded_by IS NULL ORDER BY key`, [sample, b!.seq]);
    expect(live.rows).toEqual([{ key: "acc", value: 0, by_b: true }, { key: "other", value: 0, by_b: false }]);
  });

  it("takes over an upload whose process stopped beating: restarted from its spooled body, finished once", async () => {
    const { id } = await createUpload(file("taken", 500));
    // A process takes the lease, then stalls (no more heartbeats).
    const stalled = await tryTakeLease(id);
    expect(stalled).not.toBeNull();
    await pool().query(`UPDATE uploads SET heartbeat_at = now() - interval '5 minutes' WHERE id = $1`, [id]);

    const recovered = await recoverInterruptedUploads();
    expect(recovered).toMatchObject({ failed: [], requeued: [id] });
    expect(await processUpload(id)).toMatchObject({ status: "done", counts: { samples_new: 500, measurements_new: 1500 } });
    // The stalled process wakes up: its lease (attempt 1) is gone, it can neither beat nor write.
    expect(await heartbeat(stalled!, { progress: 0.5, lines: 10, counts: emptyCounts(), errorCount: 0 })).toBe(false);
    const row = await pool().query(`SELECT status, attempt, (SELECT count(*)::int FROM upload_chunks WHERE upload_id = $1) AS chunks FROM uploads WHERE id = $1`, [id]);
    expect(row.rows[0]).toEqual({ status: "done", attempt: 2, chunks: 0 });
    expect(await visibleSamples()).toBe(500);
  });

  it("fails an interrupted upload after its last attempt, with counts back to zero and no chunks", async () => {
    const { id } = await createUpload(file("poison", 50));
    for (let i = 0; i < 3; i++) {
      expect(await tryTakeLease(id)).not.toBeNull();
      await heartbeat({ id, seq: 0, attempt: i + 1 }, { progress: 0.5, lines: 100, counts: { ...emptyCounts(), samples_new: 40 }, errorCount: 0 });
      await pool().query(`UPDATE uploads SET heartbeat_at = now() - interval '5 minutes' WHERE id = $1`, [id]);
      const r = await recoverInterruptedUploads();
      expect(i < 2 ? r.requeued : r.failed).toEqual([id]);
    }
    const row = await pool().query(`SELECT status, counts, message, (SELECT count(*)::int FROM upload_chunks WHERE upload_id = $1) AS chunks FROM uploads WHERE id = $1`, [id]);
    expect(row.rows[0]).toMatchObject({ status: "failed", counts: {}, message: expect.stringMatching(/^interrupted/), chunks: 0 });
  });
});
