// CSV and JSON exports of a leaderboard exactly as shown (rows filtered and sorted), named after the
// query that produced them. Pure functions; the download itself happens in the browser.
import type { ApiLeaderboardRow } from "./response";
import { VIEW_KEYS } from "./view-state";

export interface ExportMeta {
  /** The URL parameters of the view (selection, method, baseline, …). */
  params: URLSearchParams;
  method: string;
  baseline: string;
  scale: string;
  ci_method: string;
  n_samples: number;
  n_measurements: number;
  computed_at: string;
  embedder: string | null;
  /** "live" or "snapshot" */
  source: string;
}

export const CSV_COLUMNS = [
  "rank",
  "rank_best",
  "rank_worst",
  "model",
  "score",
  "ci_low",
  "ci_high",
  "p_beats_baseline",
  "win_rate_weighted",
  "win_rate_discrete",
  "win_rate_n",
  "n_samples",
] as const;

/**
 * Text that a spreadsheet would read as a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`, `-2+3`),
 * also after a leading tab or carriage return. Model names are uploaded by anyone with a token.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180 field: quoted when it holds a comma, quote or line break. A text cell that starts like
 * a formula gets a leading `'`, so spreadsheets show it as text (OWASP "CSV Injection"); numbers
 * are written by us and stay numbers (`-0.5`).
 */
export function csvField(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return "";
  const s = typeof v === "number" ? (Number.isFinite(v) ? String(v) : "") : FORMULA_START.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: readonly ApiLeaderboardRow[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const r of rows) {
    const cells = [
      r.rank,
      r.rank_interval?.[0],
      r.rank_interval?.[1],
      r.model,
      r.score,
      r.ci?.[0],
      r.ci?.[1],
      r.p_beats_baseline,
      r.win_rate?.weighted,
      r.win_rate?.discrete,
      r.win_rate?.n,
      r.n_samples,
    ];
    lines.push(cells.map(csvField).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

export function toJson(rows: readonly ApiLeaderboardRow[], meta: ExportMeta): string {
  const { params, ...rest } = meta;
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    query[key] = all.length > 1 ? all : all[0];
  }
  return JSON.stringify({ query, ...rest, models: rows }, null, 2) + "\n";
}

const MAX_NAME = 120;

/**
 * `onebench_q-antibodies_benchmark-demo-bio-qa_method-elo.csv`: the view's parameters in the
 * filename (view-only keys such as sort are left out), safe on every file system.
 */
export function exportFilename(params: URLSearchParams, ext: "csv" | "json", prefix = "onebench"): string {
  const parts: string[] = [];
  for (const [key, value] of params) {
    if ((VIEW_KEYS as readonly string[]).includes(key)) continue;
    const v = value.toLowerCase().replace(/[^a-z0-9.]+/g, "-").replace(/^-+|-+$/g, "");
    if (v) parts.push(`${key}-${v}`);
  }
  const stem = [prefix, ...parts].join("_").slice(0, MAX_NAME).replace(/[-_]+$/, "");
  return `${stem || prefix}.${ext}`;
}
