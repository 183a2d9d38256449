// MT-Bench judgments as FastChat's llm_judge writes them (lm-sys/FastChat,
// fastchat/llm_judge/common.py play_a_match_single / play_a_match_pair, appended as JSON Lines to
// data/mt_bench/model_judgment/<judge>_single.jsonl and <judge>_pair.jsonl):
//   single: {question_id, model, judge: [judge model, prompt name], user_prompt, judgment, score, turn, tstamp}
//           score 1–10 from the judge, −1 when its rating could not be parsed;
//   pair:   {question_id, model_1, model_2, g1_winner, g2_winner, judge, g1_user_prompt, g1_judgment,
//            g2_user_prompt, g2_judgment, turn, tstamp}: the pair judged in both orders, each winner
//           model_1 | model_2 | tie | error (a "single" judge's pair lines carry m1_score/m2_score).
// One question → one sample `mt-bench/<question_id>` (its text from the judge's prompt, which
// quotes it); a single grade → a score line, metric "score" or "score (turn 2)", judge = the judge
// model; a pair → a pairwise line, the winner both orders agree on, a tie where they differ (what
// FastChat's win rates count as "inconsistent"), with an id of (question, turn, judge, models) so
// a re-import of a grown file adds only new judgments. Unparsed ratings and errors are skipped.
import { convertRecords } from "./files";
import type { Converted, ConvertedRecord, Converter, Origin, UploadFile } from "./records";
import { stableId } from "./stable-id";

const BENCHMARK = "mt-bench";
const EXPECTS =
  'FastChat MT-Bench judgments (JSON Lines): single-answer grading {"question_id", "model", "judge", "score", "turn"} or pairwise {"question_id", "model_1", "model_2", "g1_winner", "g2_winner", "judge"}';

const show = (v: unknown) => (JSON.stringify(v) ?? String(v)).slice(0, 60);

function idOf(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v === "string" && v.trim() !== "") return v.trim();
  return null;
}

function modelName(o: Record<string, unknown>, field: string): string | { field: string; message: string } {
  const v = o[field];
  if (typeof v === "string" && v.trim() !== "") return v.trim();
  return { field, message: v === undefined ? "is required" : `must be a non-empty string (got ${show(v)})` };
}

/** The judge model: FastChat writes [model, prompt name]. */
function judgeOf(v: unknown): { model: string; prompt: string | null } | null {
  if (Array.isArray(v) && typeof v[0] === "string" && v[0].trim() !== "") return { model: v[0].trim(), prompt: typeof v[1] === "string" ? v[1] : null };
  if (typeof v === "string" && v.trim() !== "") return { model: v.trim(), prompt: null };
  return null;
}

/** The question as the judge's prompt quotes it (single-v1 "[Question]", multi-turn "### User:"), or null. */
export function questionFromPrompt(prompt: unknown): string | null {
  if (typeof prompt !== "string") return null;
  const single = /\[(?:User )?Question\]\n([\s\S]*?)\n\n\[The Start of /.exec(prompt);
  if (single) return single[1].trim() || null;
  // The first user turn only, up to the next heading (a reference answer or the assistant's): every
  // judgment of a question, of either turn, then gives its sample the same text.
  const first = /### User:\n([\s\S]*?)\n\n### /.exec(prompt);
  return first ? first[1].trim() || null : null;
}

const turnOf = (o: Record<string, unknown>) => (o.turn === 2 || o.turn === "2" ? 2 : 1);

function mapRecord(value: unknown, origin: Origin, seen: Set<string>, out: Converted[]): void {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return void out.push({ kind: "error", origin, field: null, message: "must be a JSON object" });
  const o = value as Record<string, unknown>;
  const qid = idOf(o.question_id);
  if (qid === null) return void out.push({ kind: "error", origin, field: "question_id", message: `must be a number or a non-empty string (got ${show(o.question_id)})` });
  const judge = judgeOf(o.judge);
  if (!judge) return void out.push({ kind: "error", origin, field: "judge", message: `must be [judge model, prompt name] or a judge model's name (got ${show(o.judge)})` });
  const sample = `${BENCHMARK}/${qid}`;
  const turn = turnOf(o);
  const pair = "model_1" in o || "g1_winner" in o;
  const models = pair ? [modelName(o, "model_1"), modelName(o, "model_2")] : [modelName(o, "model")];
  for (const m of models) if (typeof m !== "string") return void out.push({ kind: "error", origin, ...m });
  const [a, b] = models as string[];
  if (!seen.has(sample)) {
    seen.add(sample);
    const question = questionFromPrompt(pair ? o.g1_user_prompt : o.user_prompt);
    const input = question ?? `MT-Bench question ${qid} (the judgment file does not quote its text)`;
    const record: ConvertedRecord = { type: "sample", id: sample, benchmark: BENCHMARK, input, metadata: { question_id: qid } };
    out.push({ kind: "record", origin, record });
  }
  if (!pair) {
    const score = o.score;
    if (score === -1) return void out.push({ kind: "skipped", origin, reason: "the judge's rating could not be parsed (score −1)" });
    if (typeof score !== "number" || !Number.isFinite(score)) return void out.push({ kind: "error", origin, field: "score", message: `must be a number (got ${show(score)})` });
    const metric = turn === 2 ? "score (turn 2)" : "score";
    return void out.push({ kind: "record", origin, record: { type: "score", sample, model: a, metric, value: score, judge: judge.model } });
  }
  if (a === b) return void out.push({ kind: "skipped", origin, reason: `a model against itself (${a})` });
  const winners = [o.g1_winner, o.g2_winner];
  for (const [i, w] of winners.entries()) {
    if (!["model_1", "model_2", "tie", "error"].includes(w as string)) {
      return void out.push({ kind: "error", origin, field: `g${i + 1}_winner`, message: `must be "model_1", "model_2", "tie" or "error" (got ${show(w)})` });
    }
  }
  if (winners.includes("error")) return void out.push({ kind: "skipped", origin, reason: "the judge's verdict could not be parsed in one of the two orders (error)" });
  const winner = winners[0] === winners[1] ? (winners[0] === "model_1" ? "a" : winners[0] === "model_2" ? "b" : "tie") : "tie";
  out.push({
    kind: "record",
    origin,
    record: { type: "pairwise", id: stableId(BENCHMARK, [qid, turn, judge.model, judge.prompt, a, b]), sample, model_a: a, model_b: b, winner, judge: judge.model },
  });
}

export const mtBench: Converter = {
  format: "mt-bench",
  expects: EXPECTS,
  convert(files: readonly UploadFile[]) {
    const seen = new Set<string>();
    return convertRecords(files, EXPECTS, (value, origin, out) => mapRecord(value, origin, seen, out));
  },
};
