// Model facts as leaderboards use them: which models pass a facts filter, the facts of the ranked
// models, and the judges of a selection that are themselves models (for self-preference marks).
import { pool } from "@/lib/db/client";
import { visibleMeasurementsSql, visibleSamplesSql } from "@/lib/db/visibility";
import { FACT_FIELDS, type ModelFacts } from "./model-facts";

export interface FactsCondition {
  open_weights?: boolean;
  min_params_b?: number;
  max_params_b?: number;
  /** any of these, compared case-insensitively; empty: no condition */
  organization: readonly string[];
}

const LIVE_FACTS = (f: string, m: string) => `${visibleSamplesSql(m)} AND ${visibleMeasurementsSql(f)}`;

/** Names of the visible models whose visible facts pass every condition that is set. */
export async function findModelsByFacts(c: FactsCondition): Promise<Set<string>> {
  const r = await pool().query<{ name: string }>(
    `SELECT m.name FROM model_facts f JOIN models m ON m.id = f.model_id
      WHERE ${LIVE_FACTS("f", "m")}
        AND ($1::bool IS NULL OR f.open_weights = $1)
        AND ($2::float8 IS NULL OR f.parameters_b >= $2)
        AND ($3::float8 IS NULL OR f.parameters_b <= $3)
        AND (cardinality($4::text[]) = 0 OR lower(f.organization) = ANY($4::text[]))`,
    [c.open_weights ?? null, c.min_params_b ?? null, c.max_params_b ?? null, c.organization.map((o) => o.toLowerCase())],
  );
  return new Set(r.rows.map((x) => x.name));
}

/** The visible facts of these models (default: of every model), by name (models without facts are absent). */
export async function loadFactsByName(names?: readonly string[]): Promise<Map<string, ModelFacts>> {
  if (names && !names.length) return new Map();
  const r = await pool().query<ModelFacts & { name: string }>(
    `SELECT DISTINCT ON (m.name) m.name, ${FACT_FIELDS.map((f) => `f.${f}`).join(", ")}
       FROM model_facts f JOIN models m ON m.id = f.model_id
      WHERE ($1::text[] IS NULL OR m.name = ANY($1::text[])) AND ${LIVE_FACTS("f", "m")}
      ORDER BY m.name, f.upload_seq DESC`,
    [names ?? null],
  );
  return new Map(r.rows.map(({ name, ...facts }) => [name, facts]));
}

/** The models with a known family, by name: the candidates for judges that are models. */
export async function loadModelFamilies(): Promise<Map<string, string>> {
  const r = await pool().query<{ name: string; family: string }>(
    `SELECT DISTINCT ON (m.name) m.name, f.family
       FROM model_facts f JOIN models m ON m.id = f.model_id
      WHERE f.family IS NOT NULL AND ${LIVE_FACTS("f", "m")}
      ORDER BY m.name, f.upload_seq DESC`,
  );
  return new Map(r.rows.map((x) => [x.name, x.family]));
}

/** Which of `judges` judged which models on these samples (both sides of a pairwise line). */
export async function loadJudgedModels(samplePks: readonly number[], judges: readonly string[]): Promise<{ model: string; judge: string }[]> {
  if (!samplePks.length || !judges.length) return [];
  const r = await pool().query<{ model: string; judge: string }>(
    `SELECT DISTINCT x.name AS model, m.judge
       FROM measurements m JOIN models x ON x.id = m.model_id OR x.id = m.model_b_id
      WHERE m.sample_pk = ANY($1::int[]) AND m.judge = ANY($2::text[]) AND ${visibleMeasurementsSql("m")}`,
    [samplePks, judges],
  );
  return r.rows;
}
