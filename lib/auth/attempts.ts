// Failed token attempts per client address, in this process's memory: after `limit` failures within
// a minute the address gets 429 + Retry-After without its token being looked at (no database work
// at all), until the oldest failure leaves the window. A success clears the address's record.
// Memory is bounded: at most MAX_ADDRESSES addresses are remembered, the least recent dropped first.

const WINDOW_MS = 60_000;
const MAX_ADDRESSES = 10_000;

export class FailedAttempts {
  /** Failure times per address, oldest first; Map order = least recently failed first. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `address` may try again; 0 when it may now. */
  blockedFor(address: string): number {
    const times = this.recent(address);
    if (times.length < this.limit) return 0;
    return Math.max(1, Math.ceil((times[times.length - this.limit] + WINDOW_MS - this.now()) / 1000));
  }

  fail(address: string): void {
    const times = this.recent(address);
    times.push(this.now());
    this.failures.delete(address);
    this.failures.set(address, times.slice(-this.limit));
    if (this.failures.size > MAX_ADDRESSES) this.failures.delete(this.failures.keys().next().value as string);
  }

  succeed(address: string): void {
    this.failures.delete(address);
  }

  private recent(address: string): number[] {
    const since = this.now() - WINDOW_MS;
    return (this.failures.get(address) ?? []).filter((t) => t > since);
  }
}
