/** Line shapes of results-format v1 (../../shared/spec/results-format.md), as the demo writes them. */

export interface SampleLine {
  type: "sample";
  id: string;
  benchmark: string;
  input: string;
  reference?: string;
  task?: string;
  tags?: string[];
  metadata?: Record<string, unknown>;
  image_url?: string;
}

export interface ScoreLine {
  type: "score";
  sample: string;
  model: string;
  metric: string;
  value: number;
  higher_is_better?: boolean;
}

export interface PairwiseLine {
  type: "pairwise";
  sample: string;
  model_a: string;
  model_b: string;
  winner: "a" | "b" | "tie";
  p_a?: number;
  id?: string;
}

export interface RankingLine {
  type: "ranking";
  sample: string;
  metric?: string;
  ranking: string[][];
}

export interface UnitTestLine {
  type: "unit_test";
  sample: string;
  model: string;
  criterion: string;
  value: number;
  scale?: [number, number];
}

export type MeasurementLine = ScoreLine | PairwiseLine | RankingLine | UnitTestLine;
export type DemoLine = SampleLine | MeasurementLine;
export type LineType = DemoLine["type"];
export const LINE_TYPES: LineType[] = ["sample", "score", "pairwise", "ranking", "unit_test"];
