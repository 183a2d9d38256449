// The texts lexical search indexes (lib/serving/lexical-store.ts): a sample's input, reference
// and its metadata's string values, by pk. Tags, task and benchmark come from the read model.
import { pool } from "@/lib/db/client";

export type SampleText = [pk: number, input: string, reference: string | null, metadata: string[] | null, updatedAt: Date];

const COLUMNS = `s.pk, s.input, s.reference,
  (SELECT array_agg(j.value) FROM jsonb_each_text(s.metadata) j WHERE jsonb_typeof(s.metadata -> j.key) = 'string') AS meta, s.updated_at`;

export async function sampleTexts(pks: readonly number[]): Promise<SampleText[]> {
  const r = await pool().query<SampleText>({ text: `SELECT ${COLUMNS} FROM samples s WHERE s.pk = ANY($1::int[])`, values: [pks], rowMode: "array" });
  return r.rows;
}

/** Samples whose content changed at or after `since` (publish transactions update in place). */
export async function sampleTextsUpdatedSince(since: Date): Promise<SampleText[]> {
  const r = await pool().query<SampleText>({ text: `SELECT ${COLUMNS} FROM samples s WHERE s.updated_at >= $1`, values: [since], rowMode: "array" });
  return r.rows;
}
