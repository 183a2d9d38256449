// The rounds of an evaluation (lib/planning/rounds-history.ts) remembered in this browser, per
// model and selection.
import type { Round } from "@/lib/planning/rounds-history";

export function roundsKey(model: string, q: string, benchmark: string): string {
  return `portal-evaluate:${JSON.stringify([model, q, benchmark])}`;
}

export function loadRounds(key: string): Round[] {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Round[]) : [];
  } catch {
    // an unreadable entry (an older shape) starts the history over
    return [];
  }
}

export function saveRounds(key: string, rounds: Round[]): void {
  localStorage.setItem(key, JSON.stringify(rounds));
}
