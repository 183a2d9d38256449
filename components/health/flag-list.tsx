// Flags with their severity and message, worst first (a benchmark's or a sample's).
import type { Severity } from "@/lib/db/queries/benchmark-health";
import { SeverityBadge } from "./health-badge";

export function FlagList({ flags }: { flags: { code: string; severity: Severity; message: string }[] }) {
  if (flags.length === 0) return <p className="text-sm text-slate-600">No flags.</p>;
  return (
    <ul className="space-y-1.5 text-sm">
      {flags.map((f, i) => (
        <li key={`${f.code}-${i}`} className="flex flex-wrap items-start gap-2" data-testid={`flag-${f.code}`}>
          <SeverityBadge severity={f.severity} />
          <span className="font-mono text-xs text-slate-500">{f.code}</span>
          <span className="min-w-0 flex-1 text-slate-800">{f.message}</span>
        </li>
      ))}
    </ul>
  );
}
