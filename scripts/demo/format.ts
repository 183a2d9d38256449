/**
 * Line shapes of results-format v1 (../../shared/spec/results-format.md), as the demo writes them:
 * the importer's own record types, so the generator cannot drift from what the importer accepts.
 */
import type { MeasurementRecord, SampleRecord } from "@/lib/ingest/types";
import { RECORD_TYPES } from "@/lib/ingest/types";

export type SampleLine = SampleRecord;
export type MeasurementLine = MeasurementRecord;
/** The demo writes v1 lines: samples and measurements, no `model` facts. */
export type DemoLine = SampleRecord | MeasurementRecord;
export type LineType = DemoLine["type"];
export const LINE_TYPES: readonly LineType[] = RECORD_TYPES.filter((t): t is LineType => t !== "model");
