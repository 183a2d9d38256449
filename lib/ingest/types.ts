// Records of the results format (spec/results-format.md) after validation, and the upload report
// (spec/api.md, GET /api/uploads/{id}).
import type { LineError, UploadCounts } from "@/lib/db/queries/uploads";
import type { UploadStatus } from "@/lib/db/upload-status";

export interface SampleRecord {
  type: "sample";
  id: string;
  benchmark: string;
  input: string;
  reference?: string;
  task?: string;
  tags?: string[];
  metadata?: Record<string, unknown>;
  image_url?: string;
  /** The path of an image inside the upload bundle. */
  image?: string;
  /** The stored image `image` resolved to (set by the importer, never by the file). */
  image_sha256?: string;
}

export interface ScoreRecord {
  type: "score";
  sample: string;
  model: string;
  metric: string;
  value: number;
  higher_is_better?: boolean;
  output?: string;
  judge?: string;
}

export interface PairwiseRecord {
  type: "pairwise";
  sample: string;
  model_a: string;
  model_b: string;
  winner: "a" | "b" | "tie";
  p_a?: number;
  id?: string;
  output_a?: string;
  output_b?: string;
  judge?: string;
}

export interface RankingRecord {
  type: "ranking";
  sample: string;
  ranking: string[][];
  metric?: string;
}

export interface UnitTestRecord {
  type: "unit_test";
  sample: string;
  model: string;
  criterion: string;
  value: number;
  scale?: [number, number];
  output?: string;
  judge?: string;
}

/** Facts about a model (spec v1.1 `model` line); sending it again replaces them. */
export interface ModelRecord {
  type: "model";
  id: string;
  display_name?: string;
  organization?: string;
  parameters_b?: number;
  open_weights?: boolean;
  license?: string;
  /** YYYY, YYYY-MM or YYYY-MM-DD. */
  released?: string;
  family?: string;
  url?: string;
}

export type MeasurementRecord = ScoreRecord | PairwiseRecord | RankingRecord | UnitTestRecord;
export type ResultRecord = SampleRecord | MeasurementRecord | ModelRecord;
export type RecordType = ResultRecord["type"];

export const RECORD_TYPES: readonly RecordType[] = ["sample", "score", "pairwise", "ranking", "unit_test", "model"];

export type { LineError, UploadCounts };

export function emptyCounts(): UploadCounts {
  return {
    samples_new: 0,
    samples_updated: 0,
    measurements_new: 0,
    measurements_updated: 0,
    rejected: 0,
    duplicates: 0,
    facts_new: 0,
    facts_updated: 0,
    skipped: 0,
  };
}

export interface UploadReport {
  id: string;
  status: UploadStatus;
  progress: number;
  partial: boolean;
  counts: UploadCounts;
  /** The first MAX_REPORTED_ERRORS rejected lines, by line number. */
  errors: LineError[];
  /** Every rejected line (and file-level error), including those not listed in `errors`. */
  error_count: number;
  /** Accepted lines with something ignored (unknown fields); first MAX_REPORTED_WARNINGS. */
  warnings: LineError[];
  warning_count: number;
  /** Non-blank lines read so far. */
  lines: number;
  message: string | null;
  duplicate_of: string | null;
  file_name: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}
