// The rejected-line list of an upload: every error counted, the first MAX_REPORTED_ERRORS (by line
// number) kept in full. Errors found at flush time (unknown samples) arrive after later lines'
// errors, so the list keeps the smallest line numbers rather than the first arrivals.
import type { LineError } from "./types";

export class LineErrorList {
  private items: LineError[] = [];
  count = 0;

  constructor(private readonly keep: number) {}

  add(line: number, message: string): void {
    this.count++;
    this.items.push({ line, message });
    if (this.items.length >= 2 * this.keep) this.trim();
  }

  private trim(): void {
    this.items.sort((a, b) => a.line - b.line);
    this.items.length = Math.min(this.items.length, this.keep);
  }

  list(): LineError[] {
    this.trim();
    return this.items.slice();
  }
}
