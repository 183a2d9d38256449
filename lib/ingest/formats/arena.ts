// Chatbot Arena battles as FastChat's clean_battle_data.py writes them (lm-sys/FastChat,
// fastchat/serve/monitor/clean_battle_data.py): a JSON array (or JSON Lines) of {question_id,
// model_a, model_b, winner ∈ model_a | model_b | tie | tie (bothbad) (| tie (inconsistent) in MT-Bench's judgments), judge, conversation_a,
// conversation_b, turn, anony, language, tstamp}. Its "simple" mode drops question_id and the
// conversations. One battle → one pairwise line whose id is derived from (question_id, tstamp,
// judge, models), so re-importing a grown dump adds only the new battles.
import { contentText, evidence } from "./evidence";
import { convertRecords } from "./files";
import type { Converted, ConvertedRecord, Converter, ConvertOptions, Origin, PairwiseLine, UploadFile } from "./records";
import { stableId } from "./stable-id";

const BENCHMARK = "chatbot-arena";
const EXPECTS = 'Chatbot Arena battles: a JSON array (or JSON Lines) of objects with "model_a", "model_b" and "winner" (model_a, model_b, tie, tie (bothbad) or tie (inconsistent))';
// "tie (inconsistent)": MT-Bench's pairwise judge verdicts (lmsys/mt_bench_human_judgments, split
// gpt4_pair), judged in both orders with different winners; MT-Bench counts it as a tie.
const WINNERS: Record<string, PairwiseLine["winner"]> = { model_a: "a", model_b: "b", tie: "tie", "tie (bothbad)": "tie", "tie (inconsistent)": "tie" };

interface Turns {
  user: string;
  assistant: string;
}

/** The user and the assistant turns of an OpenAI-format conversation, each joined. */
function turns(conversation: unknown): Turns | undefined {
  if (!Array.isArray(conversation)) return undefined;
  const of = (role: string) =>
    conversation
      .filter((m) => m && typeof m === "object" && (m as { role?: unknown }).role === role)
      .map((m) => contentText((m as { content?: unknown }).content))
      .filter((t) => t.trim() !== "")
      .join("\n\n");
  const user = of("user");
  return user.trim() === "" ? undefined : { user, assistant: of("assistant") };
}

function name(o: Record<string, unknown>, field: string): string | { field: string; message: string } {
  const v = o[field];
  if (typeof v === "string" && v.trim() !== "") return v.trim();
  return { field, message: v === undefined ? "is required" : "must be a non-empty string" };
}

function idPart(v: unknown): string | number | null {
  return typeof v === "string" || typeof v === "number" ? v : null;
}

function mapBattle(value: unknown, origin: Origin, benchmark: string, seen: Set<string>, out: Converted[]): void {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    out.push({ kind: "error", origin, field: null, message: "must be a JSON object" });
    return;
  }
  const o = value as Record<string, unknown>;
  const a = name(o, "model_a");
  const b = name(o, "model_b");
  for (const m of [a, b]) if (typeof m !== "string") return void out.push({ kind: "error", origin, ...m });
  const winner = typeof o.winner === "string" ? WINNERS[o.winner] : undefined;
  if (winner === undefined) {
    const got = JSON.stringify(o.winner) ?? "nothing";
    return void out.push({ kind: "error", origin, field: "winner", message: `must be "model_a", "model_b", "tie", "tie (bothbad)" or "tie (inconsistent)" (got ${got.slice(0, 60)})` });
  }
  if (a === b) return void out.push({ kind: "skipped", origin, reason: `a model against itself (${a})` });
  const qid = idPart(o.question_id);
  const language = typeof o.language === "string" && o.language.trim() !== "" ? o.language.trim() : "unknown";
  const convA = turns(o.conversation_a);
  const convB = turns(o.conversation_b);
  let sample: string;
  let input: string;
  if (convA) {
    sample = qid !== null ? `${benchmark}/${qid}` : stableId(benchmark, [convA.user]);
    input = convA.user;
  } else {
    // Dumps without prompts: their battles share one sample per language (pairwise lines stay separate events).
    sample = `${benchmark}/unpublished/${language}`;
    input = `Chatbot Arena conversations in ${language} (prompts not published)`;
  }
  if (!seen.has(sample)) {
    seen.add(sample);
    const record: ConvertedRecord = { type: "sample", id: sample, benchmark, input, metadata: { language } };
    out.push({ kind: "record", origin, record });
  }
  // Records without a time stamp (MT-Bench's human and GPT-4 judgments) judge each turn of a
  // question apart: the turn tells those votes apart (clean_battle's `turn` counts the battle's
  // turns instead, and its ids stay as they were).
  const tstamp = idPart(o.tstamp);
  const base = [qid, tstamp, idPart(o.judge)];
  // Only where the rest names the vote at all: a turn alone does not tell repeated battles apart.
  const turn = tstamp === null && base.some((k) => k !== null) ? idPart(o.turn) : null;
  const key = [...base, ...(turn !== null ? [`turn ${turn}`] : [])];
  const pairwise: PairwiseLine = { type: "pairwise", sample, model_a: a as string, model_b: b as string, winner };
  // Without anything that tells votes apart, repeated battles must stay separate events: no id.
  if (key.some((k) => k !== null)) pairwise.id = stableId(benchmark, [...key, a, b]);
  const outA = evidence(convA?.assistant);
  const outB = evidence(convB?.assistant);
  if (outA !== undefined) pairwise.output_a = outA;
  if (outB !== undefined) pairwise.output_b = outB;
  if (typeof o.judge === "string" && o.judge.trim() !== "") pairwise.judge = o.judge.trim();
  out.push({ kind: "record", origin, record: pairwise });
}

export const arena: Converter = {
  format: "arena",
  expects: EXPECTS,
  convert(files: readonly UploadFile[], options: ConvertOptions = {}) {
    const seen = new Set<string>();
    const benchmark = options.benchmark ?? BENCHMARK;
    return convertRecords(files, EXPECTS, (value, origin, out) => mapBattle(value, origin, benchmark, seen, out));
  },
};
