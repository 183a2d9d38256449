// What readers may see while uploads are being written: the one rule every reader uses.
//
// Design. Every upload has a row in `uploads` with a serial `seq`; every sample and measurement it
// writes carries `upload_seq = seq`. An upload is *unpublished* while its status is not 'done'
// (queued, running, failing, failed: lib/db/upload-status.ts). Rows are written in many short
// transactions while the upload runs, and become visible all at once when the upload's status
// turns 'done' in its short final transaction (publish). So:
//   measurement m is visible  iff  m.upload_seq is not an unpublished upload
//                                  AND (m.superseded_by IS NULL OR m.superseded_by is unpublished)
//   sample s is visible       iff  s.upload_seq IS NULL or is not an unpublished upload
//   model m is visible        iff  as a sample: once the upload that first named it is published
// A re-sent key with a new value inserts a new row and marks the old one `superseded_by = seq`:
// readers keep seeing the old value until publish, then the new one; never both, never neither.
// Failed uploads stay unpublished, and their rows are deleted afterwards
// (lib/db/queries/upload-rows.ts). Sample content updates are applied in the publish transaction
// itself (they are rare).
//
// `NOT IN (subquery)` becomes a hashed subplan evaluated once per query: the rule costs a hash
// probe per row (measured: +20% on loading all 371k MMLU-Pro measurements).
import { statusSql, UPLOAD_STATUS } from "./upload-status";

const UNPUBLISHED = `SELECT seq FROM uploads WHERE status <> ${statusSql(UPLOAD_STATUS.done)}`;

/** SQL condition: the measurement row `alias` is visible to readers. */
export function visibleMeasurementsSql(alias = "m"): string {
  return `(${alias}.upload_seq NOT IN (${UNPUBLISHED}) AND (${alias}.superseded_by IS NULL OR ${alias}.superseded_by IN (${UNPUBLISHED})))`;
}

/** SQL condition: the sample (or model) row `alias` is visible to readers. */
export function visibleSamplesSql(alias = "s"): string {
  return `(${alias}.upload_seq IS NULL OR ${alias}.upload_seq NOT IN (${UNPUBLISHED}))`;
}
