import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { ListedSample } from "@/lib/samples/list";
import { sampleHref } from "@/lib/samples/links";

const th = "px-2 py-1.5 text-left text-xs font-medium text-slate-500";

/** Retrieved samples, best first, each linking to its evidence page. */
export function SampleListTable({ samples }: { samples: ListedSample[] }) {
  const showSimilarity = samples.some((s) => s.similarity !== null);
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[640px] text-sm" data-testid="sample-list">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={th}>Sample</th>
            <th scope="col" className={th}>Input</th>
            <th scope="col" className={th}>Tags</th>
            {showSimilarity && <th scope="col" className={`${th} text-right`}>Similarity</th>}
          </tr>
        </thead>
        <tbody>
          {samples.map((s) => (
            <tr key={s.id} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="whitespace-nowrap px-2 py-1.5 text-left font-normal">
                <Link href={sampleHref(s.id)} className="text-indigo-700 underline-offset-2 hover:underline">
                  {s.id}
                </Link>
                <span className="block text-xs text-slate-500">{s.task ?? s.benchmark}</span>
              </th>
              <td className="max-w-xl px-2 py-1.5 text-slate-700">
                <span className="line-clamp-3">{s.input}</span>
              </td>
              <td className="px-2 py-1.5">
                <span className="flex flex-wrap gap-1">
                  {s.tags.slice(0, 3).map((t) => (
                    <Badge key={t}>{t}</Badge>
                  ))}
                </span>
              </td>
              {showSimilarity && <td className="px-2 py-1.5 text-right tabular-nums">{s.similarity?.toFixed(3) ?? "—"}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
