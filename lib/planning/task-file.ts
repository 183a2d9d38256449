// A plan as files the developer takes away (the /evaluate page's downloads):
// - the task file: results-format JSON Lines, each planned sample's `sample` line exactly as stored
//   (re-sending it is a no-op) followed by its template line (./template.ts) with the value to fill
//   in; the filled file is uploaded as it is. A sample whose image came in a bundle (stored, no
//   image_url) has no line that re-sends it unchanged in a plain file (its `image` is a path inside
//   that bundle): its sample line is left out, since sent without the image it would update the
//   sample and drop the image (results format: different content updates); its template line stays;
// - CSV: one row per sample in the portal's CSV results format (sample, model, metric, value;
//   `prompt`, `benchmark` and `kind` are for reading and ignored on upload). Samples measured by
//   pairwise, ranking or unit-test lines have no metric to fill in there: those need the task file.
import type { TemplateLine } from "./template";

/** The fields of a planned sample that the files use (GET /api/evaluation-plan `samples`). */
export interface TaskSample {
  id: string;
  benchmark: string;
  input: string;
  reference: string | null;
  /** where the portal serves the sample's image (/api/images/…), or null */
  image: string | null;
  /** the image_url the sample was sent with, or null (a bundled image, or none) */
  image_url: string | null;
  task: string | null;
  tags: string[];
  metadata: Record<string, unknown>;
  /** the results-format line for the model's result, value null (./template.ts) */
  template: TemplateLine;
}

/** Whether the sample's line can be sent again unchanged in a plain results file (see above). */
export function resendable(s: Pick<TaskSample, "image" | "image_url">): boolean {
  return s.image === null || s.image_url !== null;
}

/** A sample's line as stored; `image`, the path of its bundled image inside a task bundle (./task-bundle.ts). */
export function sampleLine(s: TaskSample, image?: string): Record<string, unknown> {
  return {
    type: "sample",
    id: s.id,
    benchmark: s.benchmark,
    input: s.input,
    ...(s.reference !== null && { reference: s.reference }),
    ...(s.task !== null && { task: s.task }),
    tags: s.tags,
    metadata: s.metadata,
    ...(s.image_url !== null && { image_url: s.image_url }),
    ...(image !== undefined && { image }),
  };
}

/**
 * The task file. `bundled` gives the path inside a task bundle of a sample's bundled image (which
 * the bundle carries beside the file): a sample it gives a path for keeps its line; the lines that
 * cannot be re-sent unchanged and have no such path (all of them in a plain file) are left out
 * (see above).
 */
export function taskFileJsonl(samples: readonly TaskSample[], bundled?: (s: TaskSample) => string | undefined): string {
  return samples
    .map((s) => {
      const image = resendable(s) ? undefined : bundled?.(s);
      const line = resendable(s) || image !== undefined ? `${JSON.stringify(sampleLine(s, image))}\n` : "";
      return `${line}${JSON.stringify(s.template)}\n`;
    })
    .join("");
}

/** RFC 4180: quoted when it holds a comma, quote or line break. */
function csvField(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function taskFileCsv(samples: readonly TaskSample[], model: string): string {
  const rows = [["sample", "model", "metric", "value", "higher_is_better", "benchmark", "kind", "prompt"]];
  for (const s of samples) {
    const t = s.template;
    const metric = t.type === "score" ? String(t.metric) : "";
    const direction = t.type === "score" ? String(t.higher_is_better ?? true) : "";
    rows.push([s.id, model, metric, "", direction, s.benchmark, t.type, s.input]);
  }
  return rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** A file name for the downloads: the model and round (when known), safe on every file system. */
export function taskFileName(model: string, round: number | null, ext: "jsonl" | "csv" | "tar.gz"): string {
  return `plan-${model.replace(/[^A-Za-z0-9._-]+/g, "_")}${round === null ? "" : `-round-${round}`}.${ext}`;
}
