// The worked example, rendered: measurements → tiers → choice events → a fit on this one sample.
import Link from "next/link";
import { leaderboardHref } from "@/lib/selection/url";
import { sampleHref } from "@/lib/samples/links";
import { formatPercent, formatScore, formatValue } from "@/lib/format";
import { columnsOf } from "@/lib/table/table-model";
import { DataTable } from "@/components/table/data-table";
import type { ChoiceEventView, WorkedExample } from "./worked-example-data";

/** The winners of one tier share their loser set: one line per tier. */
function groupEvents(events: ChoiceEventView[]) {
  const out: { winners: string[]; losers: string[] }[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if (last && last.losers.join() === e.losers.join()) last.winners.push(e.winner);
    else out.push({ winners: [e.winner], losers: e.losers });
  }
  return out;
}

const names = (xs: string[]) => xs.join(", ");

interface TierRow {
  tier: number;
  value: number | undefined;
  models: string[];
}

const col = columnsOf<TierRow>();
const TIER_COLUMNS = col.columns([
  col.accessor("tier", { header: "Tier", meta: { className: "tabular-nums" } }),
  col.accessor("value", { header: "Value", meta: { className: "tabular-nums" }, cell: ({ getValue }) => formatValue(getValue()) }),
  col.accessor("models", { header: "Models (tied within a tier)", cell: ({ getValue }) => names(getValue()) }),
]);

const KIND_NAME = { ranking: "ranking", unit_test: "unit test", score: "metric", pairwise: "pairwise" } as const;

function TierTable({ group: g }: { group: WorkedExample["groups"][number] }) {
  return (
    <DataTable
      testId={`tiers-${g.key}`}
      caption={`${KIND_NAME[g.kind]} “${g.key}”, best tier first`}
      captionClassName="mt-2 text-left text-xs text-slate-500"
      className="w-full"
      rows={g.tiers.map((models, k) => ({ tier: k + 1, value: g.values?.[k], models }))}
      columns={TIER_COLUMNS}
      rowId={(r) => String(r.tier)}
    />
  );
}

export function WorkedExampleView({ ex }: { ex: WorkedExample }) {
  const tiered = ex.groups.filter((g) => g.kind !== "pairwise");
  // Events come tier events first (group by group, best tier first), then pairwise ones.
  const nTierEvents = tiered.reduce((n, g) => n + g.tiers.flat().length - g.tiers[g.tiers.length - 1].length, 0);
  const pairEvents = ex.events.slice(nTierEvents);
  const pairwise = ex.groups.filter((g) => g.kind === "pairwise");
  const theta = new Map(ex.scores.map((s) => [s.model, s.score]));
  const top = ex.scores.find((s) => s.score !== null && s.model !== ex.baseline);
  const first = ex.events[0];
  // P(first event) = e^θ_winner / Σ_{j ∈ {winner} ∪ losers} e^θ_j under the fitted scores.
  const choiceSet = first ? [first.winner, ...first.losers] : [];
  const firstP =
    first && choiceSet.every((m) => theta.get(m) != null)
      ? Math.exp(theta.get(first.winner)!) / choiceSet.reduce((sum, m) => sum + Math.exp(theta.get(m)!), 0)
      : null;
  return (
    <div className="space-y-5 text-sm text-slate-700" data-testid="worked-example">
      <div className="rounded-md bg-slate-50 p-3">
        <p>
          Sample <Link href={sampleHref(ex.sample.id)} className="font-mono text-indigo-700 underline">{ex.sample.id}</Link> ({ex.sample.benchmark}, {ex.sample.measurements} measurements):
        </p>
        <p className="mt-1 italic text-slate-600">“{ex.sample.input}”</p>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">1. Measurements become tiers</h3>
        {tiered.map((g, i) => (
          <TierTable key={i} group={g} />
        ))}
        {pairwise.length > 0 && (
          <p className="mt-2">
            The sample also has {pairwise.length} pairwise battle{pairwise.length === 1 ? "" : "s"} ({pairwise.filter((g) => g.tiers.length === 1).length} tied); each
            is its own comparison rather than a tier.
          </p>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">2. Tiers become {ex.events.length} top-1 choice events</h3>
        <ul className="mt-2 space-y-1">
          {groupEvents(ex.events.slice(0, nTierEvents)).map((e, i) => (
            <li key={i} className="rounded border border-slate-100 px-2 py-1">
              <strong>{names(e.winners)}</strong> {e.winners.length > 1 ? "each chosen" : "chosen"} over {e.losers.length > 1 ? `the ${e.losers.length} models ${names(e.losers)}` : names(e.losers)}
            </li>
          ))}
        </ul>
        {pairEvents.length > 0 && (
          <p className="mt-2">
            and {pairEvents.length} from the battles (a tie gives one event each way, weight ½):{" "}
            {pairEvents.map((e) => `${e.winner} over ${names(e.losers)}${e.weight !== 1 ? ` (weight ${formatValue(e.weight)})` : ""}`).join("; ")}.
          </p>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">3. Plackett–Luce on this sample alone (prior {ex.prior}, {ex.baseline} = 0)</h3>
        <p className="mt-1 tabular-nums">
          {ex.scores.filter((s) => s.score !== null).map((s) => `${s.model} ${formatScore(s.score, "log-strength")}`).join(" · ")}
        </p>
        {top && top.score !== null && (
          <p className="mt-2">
            Score difference {top.model} − {ex.baseline} = {formatScore(top.score, "log-strength")}, so on a sample like this one {top.model} is preferred over {ex.baseline} with
            probability 1/(1 + e<sup>{formatScore(-top.score)}</sup>) = {formatPercent(1 / (1 + Math.exp(-top.score)))}.
            {firstP !== null && ` Under these scores the first event (${first.winner} chosen from ${first.losers.length + 1} models) has probability ${formatPercent(firstP)}.`}
          </p>
        )}
        <p className="mt-2">
          One sample says little (its intervals would be very wide);{" "}
          <Link href={leaderboardHref({ benchmark: [ex.sample.benchmark] })} className="text-indigo-700 underline">
            the same fit over every {ex.sample.benchmark} sample
          </Link>{" "}
          pools all their choice events.
        </p>
      </div>
    </div>
  );
}
