// Whether the stored health is behind the data, for the worker's catch-up and the pages' "being
// recomputed" note.
import { dataVersion } from "@/lib/db/data-version";
import { latestHealthRun } from "@/lib/db/queries/benchmark-health";
import { poolIsEmpty } from "@/lib/db/queries/samples";

export async function healthIsStale(): Promise<boolean> {
  const [latest, version] = await Promise.all([latestHealthRun(), dataVersion()]);
  if (latest) return latest.dataVersion !== version;
  return !(await poolIsEmpty());
}
