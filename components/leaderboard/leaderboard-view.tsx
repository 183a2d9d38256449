// One leaderboard, live or from a snapshot: provenance, warnings, retrieval summary, controls,
// then the table and chart. Shared by /leaderboard (ad hoc) and /leaderboards/[slug] (saved).
import type { LiveLeaderboard } from "@/lib/leaderboard/compute";
import { METHOD_LABELS, METHODS, type Method } from "@/lib/selection/methods";
import { hasFactsFilter, type LeaderboardQuery } from "@/lib/selection/schema";
import { parseSort, VIEW_KEYS } from "@/lib/leaderboard/view-state";
import { leaderboardHref, queryParams } from "@/lib/selection/url";
import { EmptyState } from "@/components/ui/states";
import { SelectionHealthNotice } from "@/components/health/selection-health";
import { LeaderboardBoard } from "./leaderboard-board-client";
import { LeaderboardControls } from "./controls-client";
import { LeaderboardWarnings } from "./leaderboard-warnings";
import { Provenance, type LeaderboardSource } from "./provenance";
import { RetrievalSummary } from "./retrieval-summary";

interface Props {
  lb: LiveLeaderboard;
  query: LeaderboardQuery;
  source: LeaderboardSource;
  basePath: string;
  /** The page's URL parameters as given. */
  params: URLSearchParams;
  defaultMethod: Method;
  defaultBaseline: string;
  allModels: string[];
  exportPrefix?: string;
}

/** `href` with the view state of `params` (sort, row filter: lib/leaderboard/view-state.ts) kept. */
function withView(href: string, params: URLSearchParams): string {
  const view = VIEW_KEYS.flatMap((k) => params.getAll(k).map((v) => `${k}=${encodeURIComponent(v)}`));
  return view.length ? `${href}${href.includes("?") ? "&" : "?"}${view.join("&")}` : href;
}

export function LeaderboardView({ lb, query, source, basePath, params, defaultMethod, defaultBaseline, allModels, exportPrefix }: Props) {
  const method = lb.method as Method;
  const methodLabel = METHOD_LABELS[method] ?? lb.method;
  const rowModels = lb.models.map((m) => m.model);
  const baselineChoices = rowModels.includes(lb.baseline) ? rowModels : [lb.baseline, ...rowModels];
  const showPrior = method === "plackett-luce" || method === "bradley-terry";
  return (
    <div className="space-y-4">
      <RetrievalSummary lb={lb} selection={query} />
      <Provenance lb={lb} methodLabel={methodLabel} source={source} />
      <LeaderboardWarnings warnings={lb.warnings} />
      <SelectionHealthNotice health={lb.health ?? null} query={query} toggleHref={withView(leaderboardHref({ ...query, exclude_flagged: !query.exclude_flagged }), params)} />
      <LeaderboardControls
        basePath={basePath}
        methods={METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
        method={method}
        defaultMethod={defaultMethod}
        baseline={lb.baseline}
        defaultBaseline={defaultBaseline}
        models={baselineChoices}
        allModels={allModels}
        selectedModels={query.models}
        prior={showPrior ? lb.prior : null}
        showPrior={showPrior}
        showFacts={hasFactsFilter(query) || lb.models.some((r) => r.facts !== null)}
      />
      {lb.models.length === 0 ? (
        <EmptyState title="No measurements for this selection">
          No model has results on the selected samples. Loosen the filters, lower the similarity threshold or raise k.
        </EmptyState>
      ) : (
        <LeaderboardBoard
          rows={lb.models}
          // Not under a facts filter: the models it leaves out are not "without results".
          unmeasured={hasFactsFilter(query) ? 0 : (query.models.length ? query.models : allModels).filter((m) => !rowModels.includes(m)).length}
          reweighted={lb.warnings.flatMap((w) => (w.code === "design_weighted" && w.model ? [w.model] : []))}
          scale={lb.scale}
          baseline={lb.baseline}
          query={query}
          meta={{
            method: lb.method,
            baseline: lb.baseline,
            scale: lb.scale,
            ci_method: lb.ci_method,
            n_samples: lb.n_samples,
            n_measurements: lb.n_measurements,
            computed_at: lb.computed_at,
            embedder: lb.retrieval.embedder,
            source: source.kind,
          }}
          paramString={queryParams({ ...query, method: method }).toString()}
          exportPrefix={exportPrefix}
          initialSort={parseSort(params.get("sort"))}
          initialFind={params.get("find") ?? ""}
        />
      )}
    </div>
  );
}
