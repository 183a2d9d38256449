// The visibility rule moved to lib/db/visibility.ts; lib/retrieval (owned by another branch)
// still imports it from here until that branch's imports are switched at merge.
export { visibleMeasurementsSql, visibleSamplesSql } from "@/lib/db/visibility";
