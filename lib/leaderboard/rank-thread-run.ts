// Runs in a ranking thread (./rank-off-thread.ts): one rank() call, its result back.
import { rank } from "@/lib/ranking/leaderboard";
import type { LeaderboardResult, RankMethod, RankOptions } from "@/lib/ranking/leaderboard-types";
import type { MeasurementBatch } from "@/lib/ranking/measurements";

export function run(input: { method: RankMethod; batch: MeasurementBatch; options: RankOptions }): LeaderboardResult {
  return rank(input.method, input.batch, input.options);
}
