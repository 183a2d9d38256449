import { Fragment } from "react";
import type { RankingGroupView } from "@/lib/samples/sample-ranking";
import { formatValue } from "@/lib/format";
import { ModelLink } from "./model-link";

const KIND_LABEL: Record<RankingGroupView["kind"], string> = {
  score: "score",
  unit_test: "unit test",
  ranking: "ranking",
  pairwise: "pairwise",
};

function weight(w: number): string {
  return w === 1 ? "" : ` · weight ${formatValue(w)}`;
}

/** One group of the sample-level ranking: its tiers, best first, and the choice events they yield. */
export function RankingGroup({ group }: { group: RankingGroupView }) {
  return (
    <section className="rounded-md border border-slate-200 p-3" data-testid="ranking-group" data-kind={group.kind} data-key={group.key}>
      <h3 className="text-sm font-semibold text-slate-800">
        {KIND_LABEL[group.kind]} <span className="font-normal">“{group.key}”</span>
        {group.p_a !== undefined && <span className="font-normal text-slate-500"> · p_a = {formatValue(group.p_a)}</span>}
      </h3>
      <ol className="mt-2 space-y-1 text-sm" aria-label={`Tiers of ${group.key}, best first`}>
        {group.tiers.map((t, i) => (
          <li key={i} className="flex gap-2" data-testid="tier" data-value={t.value ?? ""}>
            <span className="w-14 shrink-0 text-xs font-medium text-slate-500">tier {i + 1}</span>
            <span className="flex-1">
              {t.models.map((m, j) => (
                <span key={m}>
                  {j > 0 && ", "}
                  <ModelLink name={m} />
                </span>
              ))}
            </span>
            {t.value !== null && <span className="shrink-0 tabular-nums text-slate-600" data-testid="tier-value">{formatValue(t.value)}</span>}
          </li>
        ))}
      </ol>
      {group.choices.length === 0 ? (
        <p className="mt-2 text-xs text-slate-500">All tied (or one model): no choice event, this group does not move any score.</p>
      ) : (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-xs text-indigo-700">
            {group.choices.length} top-1 choice event{group.choices.length === 1 ? "" : "s"}
          </summary>
          <ul className="mt-1 space-y-0.5 text-xs text-slate-700" data-testid="choice-events">
            {group.choices.map((c, i) => (
              <li key={i}>
                <span className="font-medium">{c.winner}</span> chosen over {"{"}
                {c.losers.map((l, j) => (
                  <Fragment key={j}>
                    {j > 0 && ", "}
                    <bdi>{l}</bdi>
                  </Fragment>
                ))}
                {"}"}
                {weight(c.weight)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
