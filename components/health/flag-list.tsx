// Flags with their severity and message, worst first (a benchmark's or a sample's). With `fold`,
// the first `fold` flags are listed and the rest wait behind a server-rendered disclosure: a
// sample with an image can carry dozens of near-duplicate lines that would push the image off screen.
import type { Severity } from "@/lib/db/queries/benchmark-health";
import { plural } from "@/lib/format";
import { SeverityBadge } from "./health-badge";

type Flag = { code: string; severity: Severity; message: string };

/** How many of a sample's flags are listed before the "show more" disclosure. */
export const FLAGS_SHOWN = 3;

function Items({ flags, from = 0 }: { flags: Flag[]; from?: number }) {
  return (
    <ul className="space-y-1.5 text-sm">
      {flags.map((f, i) => (
        <li key={`${f.code}-${from + i}`} className="flex flex-wrap items-start gap-2" data-testid={`flag-${f.code}`}>
          <SeverityBadge severity={f.severity} />
          <span className="font-mono text-xs text-slate-500">{f.code}</span>
          <span className="min-w-0 flex-1 text-slate-800">{f.message}</span>
        </li>
      ))}
    </ul>
  );
}

export function FlagList({ flags, fold }: { flags: Flag[]; fold?: number }) {
  if (flags.length === 0) return <p className="text-sm text-slate-600">No flags.</p>;
  // Folding away a single flag saves nothing: the disclosure is as tall as the line.
  if (fold === undefined || flags.length <= fold + 1) return <Items flags={flags} />;
  const rest = flags.slice(fold);
  return (
    <div className="space-y-1.5">
      <Items flags={flags.slice(0, fold)} />
      <details data-testid="more-flags">
        <summary className="cursor-pointer text-sm text-indigo-700">Show {plural(rest.length, "more flag")}</summary>
        <div className="mt-1.5">
          <Items flags={rest} from={fold} />
        </div>
      </details>
    </div>
  );
}
