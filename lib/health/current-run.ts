// The latest finished health run as the request path reads it: remembered per version stamp (the
// stamp carries the latest run's id, so a new run is seen at the next poll), not asked of the
// database by every leaderboard, badge and page.
import { latestHealthRun, type HealthRunRow } from "@/lib/db/queries/benchmark-health";
import { memoByVersion } from "@/lib/db/version-memo";

export function currentHealthRun(): Promise<HealthRunRow | null> {
  return memoByVersion("health-run", () => latestHealthRun());
}
