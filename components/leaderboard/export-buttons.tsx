// CSV and JSON downloads of exactly the rows shown, named after the query (lib/leaderboard/export.ts).
import type { ApiLeaderboardRow } from "@/lib/leaderboard/response";
import { exportFilename, toCsv, toJson, type ExportMeta } from "@/lib/leaderboard/export";

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const button = "rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50";

export function ExportButtons({ rows, meta, prefix }: { rows: ApiLeaderboardRow[]; meta: ExportMeta; prefix?: string }) {
  return (
    <div className="flex gap-2" role="group" aria-label="Export">
      <button type="button" className={button} onClick={() => download(exportFilename(meta.params, "csv", prefix), "text/csv;charset=utf-8", toCsv(rows))}>
        Export CSV
      </button>
      <button type="button" className={button} onClick={() => download(exportFilename(meta.params, "json", prefix), "application/json", toJson(rows, meta))}>
        Export JSON
      </button>
    </div>
  );
}
