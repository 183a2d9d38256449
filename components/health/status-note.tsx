// When the shown health was computed, and whether a newer check is on its way.
import type { HealthStatus } from "@/lib/health/read";
import { Badge } from "@/components/ui/badge";

export function HealthStatusNote({ status, computedAt }: { status: HealthStatus["status"]; computedAt: string | null }) {
  return (
    <p className="mb-4 flex flex-wrap items-center gap-2 text-xs text-slate-600" data-testid="health-status">
      {computedAt && <span>Checked {new Date(computedAt).toISOString().replace("T", " ").slice(0, 16)} UTC.</span>}
      {status === "stale" && <Badge tone="amber">data changed since: a new check is queued</Badge>}
      {status === "pending" && <Badge tone="amber">first check pending</Badge>}
    </p>
  );
}
