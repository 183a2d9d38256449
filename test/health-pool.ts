// A pool with planted faults for the health check's tests (results-format v1.1 lines):
//   "arith" and "trivia": healthy, models succeed with P = σ(12 (ability − difficulty));
//   "trivia": WRONG_KEYS of its samples have a wrong reference (every outcome flipped);
//   "drop-like": numeric answers scored by exact string match, while most outputs are written
//                "1,234" or "10.0" — the DROP normaliser bug — so most models score near 0;
//   DUPLICATES samples of "trivia" repeat an "arith" question (case and spacing changed).
import { Prng } from "../lib/ranking/prng";

export const MODELS = Array.from({ length: 16 }, (_, i) => `model-${String(i).padStart(2, "0")}`);
export const WRONG_KEYS = ["trivia/3", "trivia/17", "trivia/29", "trivia/44", "trivia/58", "trivia/71", "trivia/86", "trivia/99"];
export const DUPLICATES = ["trivia/110", "trivia/111", "trivia/112", "trivia/113", "trivia/114"];

const ability = (m: number) => m / (MODELS.length - 1);

function questions(benchmark: string, n: number, rng: Prng, lines: object[]): number[] {
  const difficulty: number[] = [];
  for (let s = 0; s < n; s++) {
    difficulty.push(0.1 + 0.8 * rng.next());
    lines.push({ type: "sample", id: `${benchmark}/${s}`, benchmark, input: `${benchmark} question ${s}: what is item ${s * 7 + 3} of series ${benchmark.length + s}?`, reference: String(s % 4) });
  }
  return difficulty;
}

export function plantedPool(seed = 14): object[] {
  const rng = new Prng(seed);
  const lines: object[] = [];
  for (const benchmark of ["arith", "trivia"]) {
    const difficulty = questions(benchmark, 120, rng, lines);
    for (let s = 0; s < difficulty.length; s++) {
      const flip = benchmark === "trivia" && WRONG_KEYS.includes(`trivia/${s}`);
      MODELS.forEach((model, m) => {
        const right = rng.next() < 1 / (1 + Math.exp(-12 * (ability(m) - difficulty[s])));
        lines.push({ type: "score", sample: `${benchmark}/${s}`, model, metric: "accuracy", value: right !== flip ? 1 : 0 });
      });
    }
  }
  const arithInputs = lines.filter((l): l is { id: string; input: string } => (l as { benchmark?: string }).benchmark === "arith").map((l) => l.input);
  DUPLICATES.forEach((id, k) => {
    const sample = lines.find((l) => (l as { id?: string }).id === id) as { input: string };
    sample.input = `  ${arithInputs[k].toUpperCase()}\n`;
  });
  for (let s = 0; s < 80; s++) {
    const answer = 10 + s * 1237;
    lines.push({ type: "sample", id: `drop-like/${s}`, benchmark: "drop-like", input: `Passage ${s}: how many yards in total? (count ${s})`, reference: String(answer) });
    MODELS.forEach((model, m) => {
      const right = rng.next() < 0.3 + 0.6 * ability(m);
      const written = !right ? String(answer + 1) : rng.next() < 0.9 ? (answer >= 1000 ? answer.toLocaleString("en-US") : `${answer}.0`) : String(answer);
      lines.push({ type: "score", sample: `drop-like/${s}`, model, metric: "f1", value: written === String(answer) ? 1 : 0, output: written });
    });
  }
  return lines;
}
