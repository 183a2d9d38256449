// Helpers for integration tests: a clean pool between files, and counts to assert "nothing changed".
import { pool } from "@/lib/db/client";
import { forgetVersionMemo } from "@/lib/db/version-memo";
import { forgetLeaderboards } from "@/lib/leaderboard/compute";
import { forgetSnapshots } from "@/lib/leaderboard/snapshot-cache";
import { forgetPoolFits } from "@/lib/models/pool-fits";
import { forgetPlanningContexts } from "@/lib/planning/context-cache";
import { forgetReadModel } from "@/lib/serving/current";
import { resumeLeases } from "@/lib/ingest";
import { forgetSubsetFits } from "@/lib/serving/subset-fit-cache";

const DATA_TABLES = ["measurements", "measurement_outputs", "model_facts", "embeddings", "samples", "images", "models", "uploads", "upload_tokens", "leaderboard_snapshots", "saved_leaderboards", "health_runs"];

/** Empties every data table (tests share one database and run one file at a time). */
export async function resetDatabase(): Promise<void> {
  await pool().query(`TRUNCATE ${DATA_TABLES.map((t) => `"${t}"`).join(", ")} RESTART IDENTITY CASCADE`);
  await pool().query(`UPDATE pool_state SET data_version = 0`);
  await pool().query(`DELETE FROM embedder_state`);
  await pool().query(`DELETE FROM embedder_state_parts`);
  // Emptying samples emptied the embeddings (cascade); the spaces start over without a model.
  await pool().query(`UPDATE embedding_spaces SET active_model = NULL, building_model = NULL, activated_at = NULL, build_started_at = NULL`);
  // Data versions start over at 0, so answers cached under a version by an earlier file would be
  // served for this one's different pool (files run one after another in one process).
  forgetLeaderboards();
  forgetPoolFits();
  forgetReadModel();
  forgetSubsetFits();
  forgetVersionMemo();
  resumeLeases();
  forgetPlanningContexts();
  forgetSnapshots();
}

/** Row counts of every data table, for "the database is unchanged" assertions. */
export async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of DATA_TABLES) {
    const r = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "${t}"`);
    out[t] = r.rows[0].n;
  }
  return out;
}
