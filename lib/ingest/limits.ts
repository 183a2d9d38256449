// Bounds of the results format that the spec leaves to the implementation. Raising a bound later
// keeps every file accepted today importable; lowering one would not, so they start generous.

/** A line longer than this (bytes, before decoding) is rejected without being buffered whole. */
export const MAX_LINE_BYTES = 1024 * 1024;
/** Sample ids, model names, benchmark, task, metric, pairwise id, tags. */
export const MAX_NAME_CHARS = 200;
/** A unit test's criterion is a sentence, not a name. */
export const MAX_CRITERION_CHARS = 1000;
export const MAX_URL_CHARS = 2000;
/** A model output kept as evidence (spec v1.1: 256 KiB, longer is rejected). */
export const MAX_OUTPUT_BYTES = 256 * 1024;
export const MAX_TAGS = 100;
/** Deeper metadata is almost always a bug, and Postgres' jsonb has its own recursion limit. */
export const MAX_METADATA_DEPTH = 32;
/** The upload report lists this many rejected lines in full, then only counts. */
export const MAX_REPORTED_ERRORS = 1000;
export const MAX_REPORTED_WARNINGS = 100;
