/**
 * Line shapes of results-format v1 (../../shared/spec/results-format.md), as the demo writes them:
 * the importer's own record types, so the generator cannot drift from what the importer accepts.
 */
import type { MeasurementRecord, RecordType, ResultRecord, SampleRecord } from "@/lib/ingest/types";
import { RECORD_TYPES } from "@/lib/ingest/types";

export type SampleLine = SampleRecord;
export type MeasurementLine = MeasurementRecord;
export type DemoLine = ResultRecord;
export type LineType = RecordType;
export const LINE_TYPES: readonly LineType[] = RECORD_TYPES;
