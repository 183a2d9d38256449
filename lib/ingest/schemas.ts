// zod schemas of the results format v1.1, one per line type (spec/results-format.md). Field checks
// live here; checks that need the rest of the file (sample defined earlier, repeated sample ids) are
// in file-context.ts. Messages are built from the issues by messages.ts.
import { z } from "zod";
import { bundlePathProblem } from "@/lib/images/bundle-path";
import { MAX_CRITERION_CHARS, MAX_METADATA_DEPTH, MAX_NAME_CHARS, MAX_OUTPUT_BYTES, MAX_TAGS, MAX_URL_CHARS } from "./limits";
import { show } from "./messages";
import type { RecordType } from "./types";

/** Postgres text and jsonb cannot store U+0000, and unpaired surrogates are not Unicode. */
function unstorable(s: string): string | null {
  if (s.includes("\u0000")) return "must not contain the NUL character (\\u0000)";
  if (!s.isWellFormed()) return "must be valid Unicode (it contains an unpaired surrogate escape)";
  return null;
}

function storableText(s: string, ctx: z.RefinementCtx): void {
  const problem = unstorable(s);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
}

/** Free text: any length the line allows, storable. */
const text = () => z.string().superRefine(storableText);

/** Text that must say something: not empty, not only whitespace. */
const prose = (max?: number) =>
  (max ? z.string().min(1).max(max) : z.string().min(1)).superRefine((s, ctx) => {
    if (s.trim() === "") ctx.addIssue({ code: "custom", message: `must not be blank (got ${show(s)})` });
    else storableText(s, ctx);
  });

/**
 * Identifiers and names (sample ids, models, metrics, tags): 1–200 characters, no surrounding
 * whitespace (invisible in the UI, and "m1 " would silently become a second model).
 */
const name = () =>
  z
    .string()
    .min(1)
    .max(MAX_NAME_CHARS)
    .superRefine((s, ctx) => {
      if (s.trim() !== s) ctx.addIssue({ code: "custom", message: `must not start or end with whitespace (got ${show(s)})` });
      else storableText(s, ctx);
    });

/** Arbitrary JSON kept in jsonb: an object, storable strings and keys, finite numbers, bounded depth. */
function checkMetadata(value: unknown, ctx: z.RefinementCtx): void {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    ctx.addIssue({ code: "custom", message: `must be an object (got ${show(value)})` });
    return;
  }
  const walk = (v: unknown, path: (string | number)[]): boolean => {
    if (path.length > MAX_METADATA_DEPTH) {
      ctx.addIssue({ code: "custom", path: [], message: `must not be nested more than ${MAX_METADATA_DEPTH} levels deep` });
      return false;
    }
    if (typeof v === "string") {
      const problem = unstorable(v);
      if (problem) ctx.addIssue({ code: "custom", path, message: problem });
      return !problem;
    }
    if (typeof v === "number" && !Number.isFinite(v)) {
      ctx.addIssue({ code: "custom", path, message: `must be a finite number (got ${show(v)})` });
      return false;
    }
    if (v === null || typeof v !== "object") return true;
    if (Array.isArray(v)) return v.every((item, i) => walk(item, [...path, i]));
    for (const [key, item] of Object.entries(v)) {
      const problem = unstorable(key);
      if (problem) {
        ctx.addIssue({ code: "custom", path, message: `key ${show(key)} ${problem}` });
        return false;
      }
      if (!walk(item, [...path, key])) return false;
    }
    return true;
  };
  walk(value, []);
}

export const sampleSchema = z.object({
  type: z.literal("sample"),
  id: name(),
  benchmark: name(),
  input: prose(),
  reference: text().optional(),
  task: name().optional(),
  tags: z.array(name()).max(MAX_TAGS).optional(),
  metadata: z.unknown().superRefine(checkMetadata).optional(),
  image_url: z.string().min(1).max(MAX_URL_CHARS).superRefine(storableText).optional(),
  /** The path of an image file inside the same upload bundle (results-format §"Images"). */
  image: z
    .string()
    .min(1)
    .max(MAX_URL_CHARS)
    .superRefine((s, ctx) => {
      const problem = bundlePathProblem(s);
      if (problem) ctx.addIssue({ code: "custom", message: `${problem} (got ${show(s)})` });
    })
    .optional(),
});

const finite = () => z.number();

/** A model's response kept as evidence (spec v1.1): storable text of at most 256 KiB (UTF-8). */
const output = () =>
  z.string().superRefine((s, ctx) => {
    // Checked by length first: most outputs are far below the limit even at 3 bytes a character.
    const bytes = s.length * 3 <= MAX_OUTPUT_BYTES ? 0 : Buffer.byteLength(s, "utf8");
    if (bytes > MAX_OUTPUT_BYTES) ctx.addIssue({ code: "custom", message: `must be at most 256 KiB (got ${bytes} bytes)` });
    else storableText(s, ctx);
  });

const ISO_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, a real calendar date. */
function checkReleased(s: string, ctx: z.RefinementCtx): void {
  const m = ISO_DATE.exec(s);
  const [, y, mo, d] = m ?? [];
  const month = mo === undefined ? 1 : Number(mo);
  const day = d === undefined ? 1 : Number(d);
  const date = new Date(Date.UTC(Number(y), month - 1, day));
  if (!m || month < 1 || month > 12 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    ctx.addIssue({ code: "custom", message: `must be an ISO date YYYY, YYYY-MM or YYYY-MM-DD (got ${show(s)})` });
  }
}

function checkWebUrl(s: string, ctx: z.RefinementCtx): void {
  let protocol = "";
  try {
    protocol = new URL(s).protocol;
  } catch {
    protocol = "";
  }
  if (protocol !== "http:" && protocol !== "https:") ctx.addIssue({ code: "custom", message: `must be an http or https URL (got ${show(s)})` });
}

export const scoreSchema = z.object({
  type: z.literal("score"),
  sample: name(),
  model: name(),
  metric: name(),
  value: finite(),
  higher_is_better: z.boolean().optional(),
  output: output().optional(),
  judge: name().optional(),
});

export const pairwiseSchema = z
  .object({
    type: z.literal("pairwise"),
    sample: name(),
    model_a: name(),
    model_b: name(),
    winner: z.enum(["a", "b", "tie"]),
    p_a: finite().min(0).max(1).optional(),
    id: name().optional(),
    output_a: output().optional(),
    output_b: output().optional(),
    judge: name().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.model_a === r.model_b) {
      ctx.addIssue({ code: "custom", path: ["model_b"], message: `must differ from "model_a" (both are ${show(r.model_a)})` });
    }
  });

export const rankingSchema = z
  .object({
    type: z.literal("ranking"),
    sample: name(),
    ranking: z.array(z.array(name()).min(1)).min(1),
    metric: name().optional(),
  })
  .superRefine((r, ctx) => {
    const tierOf = new Map<string, number>();
    for (const [t, tier] of r.ranking.entries()) {
      for (const [i, model] of tier.entries()) {
        const seen = tierOf.get(model);
        if (seen !== undefined) {
          const where = seen === t ? `twice in tier ${t}` : `in tiers ${seen} and ${t}`;
          ctx.addIssue({ code: "custom", path: ["ranking", t, i], message: `names model ${show(model)} ${where}; a model has one place` });
          return;
        }
        tierOf.set(model, t);
      }
    }
    if (tierOf.size < 2) {
      ctx.addIssue({ code: "custom", path: ["ranking"], message: `must rank at least 2 models (got ${tierOf.size})` });
    }
  });

export const unitTestSchema = z
  .object({
    type: z.literal("unit_test"),
    sample: name(),
    model: name(),
    criterion: prose(MAX_CRITERION_CHARS),
    value: finite(),
    scale: z.tuple([finite(), finite()]).optional(),
    output: output().optional(),
    judge: name().optional(),
  })
  .superRefine((r, ctx) => {
    const [lo, hi] = r.scale ?? DEFAULT_SCALE;
    if (!(lo < hi)) {
      ctx.addIssue({ code: "custom", path: ["scale"], message: `must be [low, high] with low < high (got ${show(r.scale)})` });
    } else if (r.value < lo || r.value > hi) {
      ctx.addIssue({ code: "custom", path: ["value"], message: `must be within the scale [${lo}, ${hi}] (got ${show(r.value)})` });
    }
  });

export const modelSchema = z.object({
  type: z.literal("model"),
  id: name(),
  display_name: name().optional(),
  organization: name().optional(),
  parameters_b: finite().positive().optional(),
  open_weights: z.boolean().optional(),
  license: name().optional(),
  released: z.string().superRefine(checkReleased).optional(),
  family: name().optional(),
  url: z.string().min(1).max(MAX_URL_CHARS).superRefine(checkWebUrl).optional(),
});

/** A unit test's scale when the line gives none. */
export const DEFAULT_SCALE: [number, number] = [1, 5];

export const SCHEMAS = {
  sample: sampleSchema,
  score: scoreSchema,
  pairwise: pairwiseSchema,
  ranking: rankingSchema,
  unit_test: unitTestSchema,
  model: modelSchema,
} satisfies Record<RecordType, z.ZodType>;

/** Fields each type knows; others are ignored (files written for a later format version still import). */
export const KNOWN_FIELDS: Record<RecordType, ReadonlySet<string>> = Object.fromEntries(
  Object.entries(SCHEMAS).map(([type, schema]) => {
    const shape = "shape" in schema ? schema.shape : (schema as unknown as { def: { in: { shape: object } } }).def.in.shape;
    return [type, new Set(Object.keys(shape))];
  }),
) as unknown as Record<RecordType, ReadonlySet<string>>;

/** Optional fields, where `null` means "not given" (what many JSON writers emit for a missing value). */
export const OPTIONAL_FIELDS: Record<RecordType, ReadonlySet<string>> = {
  sample: new Set(["reference", "task", "tags", "metadata", "image_url", "image"]),
  score: new Set(["higher_is_better", "output", "judge"]),
  pairwise: new Set(["p_a", "id", "output_a", "output_b", "judge"]),
  ranking: new Set(["metric"]),
  unit_test: new Set(["scale", "output", "judge"]),
  model: new Set(["display_name", "organization", "parameters_b", "open_weights", "license", "released", "family", "url"]),
};
