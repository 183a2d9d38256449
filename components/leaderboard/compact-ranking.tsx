// A compact ranked list (rank, model, interval bar, score) for the home page and the query page,
// where the full table would crowd the page.
import Link from "next/link";
import type { ApiLeaderboardRow } from "@/lib/leaderboard/response";
import type { LeaderboardQuery } from "@/lib/selection/schema";
import { modelHref } from "@/lib/selection/url";
import { formatScore } from "@/lib/format";
import { CiBar, ciDomain, scoreReference } from "./ci-bar";

interface Props {
  rows: ApiLeaderboardRow[];
  scale: string;
  baseline: string;
  query: Partial<LeaderboardQuery>;
  testId?: string;
}

export function CompactRanking({ rows, scale, baseline, query, testId }: Props) {
  const reference = scoreReference(rows, baseline, scale);
  const domain = ciDomain(rows, reference);
  return (
    <ol className="divide-y divide-slate-100" data-testid={testId}>
      {rows.map((m) => (
        <li
          key={m.model}
          data-model={m.model}
          className="grid grid-cols-[1.5rem_minmax(0,1fr)_4.5rem_3.25rem] items-center gap-2 py-1.5 text-sm sm:grid-cols-[1.5rem_minmax(0,1fr)_10rem_3.5rem] lg:grid-cols-[1.5rem_minmax(0,1fr)_4rem_3.25rem]"
        >
          <span className="font-semibold tabular-nums text-slate-500">{m.rank ?? "—"}</span>
          <Link href={modelHref(m.model, query)} className="truncate font-medium text-indigo-700 hover:underline" title={m.model}>
            {m.model}
          </Link>
          <CiBar score={m.score} ci={m.ci} domain={domain} reference={reference} isBaseline={m.model === baseline} />
          <span className="text-right font-semibold tabular-nums">{formatScore(m.score, scale)}</span>
        </li>
      ))}
    </ol>
  );
}
