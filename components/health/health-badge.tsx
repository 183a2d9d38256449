// A benchmark's (or sample's) health at a glance: its worst flag's severity, linking to the
// benchmark's health page. Used on /benchmarks, leaderboards and sample pages.
import Link from "next/link";
import type { Severity } from "@/lib/db/queries/benchmark-health";
import { Badge } from "@/components/ui/badge";

const TONE = { critical: "red", warning: "amber", info: "slate" } as const;
const LABEL = { critical: "critical", warning: "warning", info: "notes" } as const;

export function benchmarkHealthHref(name: string): string {
  return `/benchmarks/${encodeURIComponent(name)}`;
}

export function SeverityBadge({ severity }: { severity: Severity | null }) {
  return severity ? <Badge tone={TONE[severity]}>{LABEL[severity]}</Badge> : <Badge tone="green">healthy</Badge>;
}

export function HealthBadge({ name, severity }: { name: string; severity: Severity | null }) {
  return (
    <Link href={benchmarkHealthHref(name)} className="inline-flex items-center gap-1 hover:underline" data-testid={`health-${name}`} title={`Health of ${name}`}>
      <span className="text-slate-700">{name}</span>
      <SeverityBadge severity={severity} />
    </Link>
  );
}
