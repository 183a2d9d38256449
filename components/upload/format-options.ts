// The formats the upload form offers (lib/ingest/formats/detect.ts FORMATS), labelled. A record
// over the format type: a format added there fails to type-check here until it is labelled.
import type { DetectedFormat } from "@/lib/ingest/formats/detect";

export const FORMAT_LABELS: Readonly<Record<DetectedFormat, string>> = {
  results: "Results format v1.1 (JSON Lines)",
  "alpaca-eval": "AlpacaEval annotations.json",
  "lm-eval": "lm-evaluation-harness --log_samples",
  helm: "HELM run directory (bundle)",
  arena: "Chatbot Arena battles",
  "mt-bench": "FastChat MT-Bench judgments",
  inspect: "Inspect AI eval log",
  csv: "CSV (sample, model, metric, value)",
};
