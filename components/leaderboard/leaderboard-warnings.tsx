// Warnings of a leaderboard, loudest first: too few samples and disconnected models change how
// far the ranking can be trusted, so they are shown prominently; bookkeeping notes stay small.
import type { ApiWarning } from "@/lib/leaderboard/response";

// A win-rate board on a pool of scores names every model without pairwise lines against the baseline: many, and expected.
const QUIET = new Set(["no_baseline_comparisons", "duplicate_measurements", "invalid_pairwise", "no_measurements", "baseline_replaced", "no_pairwise_with_baseline"]);
const TITLES: Record<string, string> = {
  few_samples: "Too few samples to rank reliably",
  no_match: "Nothing matched",
  field_as_text: "A word was read as text, not as a filter",
  unknown_filter_value: "A filter names something the pool does not have",
  baseline_replaced: "Scores are relative to another baseline",
  not_connected: "Some models cannot be compared with the baseline",
  graph_not_strongly_connected: "The comparison graph is not strongly connected",
  never_lost: "A model never lost",
  never_won: "A model never won",
  not_converged: "The fit did not converge",
  baseline_not_estimable: "The baseline cannot be estimated",
  bootstrap_undefined: "Some bootstrap resamples had no defined score",
  design_weighted: "A model measured on a skewed few samples was reweighted",
};

/** The message with the model it names isolated (<bdi>): a bidi control in an uploaded name cannot reorder the sentence. */
function Message({ w }: { w: ApiWarning }) {
  const at = w.model ? w.message.indexOf(w.model) : -1;
  if (!w.model || at < 0) return <>{w.message}</>;
  return (
    <>
      {w.message.slice(0, at)}
      <bdi>{w.model}</bdi>
      {w.message.slice(at + w.model.length)}
    </>
  );
}

function Messages({ warnings }: { warnings: ApiWarning[] }) {
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5">
      {warnings.map((w, i) => (
        <li key={i}>
          <Message w={w} />
        </li>
      ))}
    </ul>
  );
}

export function LeaderboardWarnings({ warnings }: { warnings: ApiWarning[] }) {
  if (warnings.length === 0) return null;
  const loud = warnings.filter((w) => !QUIET.has(w.code));
  const quiet = warnings.filter((w) => QUIET.has(w.code));
  const groups = new Map<string, ApiWarning[]>();
  for (const w of loud) groups.set(w.code, [...(groups.get(w.code) ?? []), w]);
  return (
    <div className="space-y-2" data-testid="warnings">
      {[...groups].map(([code, ws]) => (
        <div key={code} role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-semibold">
            <span aria-hidden>⚠ </span>
            {TITLES[code] ?? code.replace(/_/g, " ")}
            {ws.length > 1 ? ` (${ws.length})` : ""}
          </p>
          <Messages warnings={ws} />
        </div>
      ))}
      {quiet.length > 0 && (
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer">
            {quiet.length} note{quiet.length === 1 ? "" : "s"} about the data
          </summary>
          <Messages warnings={quiet} />
        </details>
      )}
    </div>
  );
}
