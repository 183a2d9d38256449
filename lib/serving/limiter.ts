// Bounded concurrency: at most `concurrency` tasks run at once, at most `queue` wait for a slot
// (first come, first served), and past that a task is refused at once with ApiError "overloaded"
// (503 with Retry-After) instead of piling up behind work that cannot finish in time.
import { ApiError } from "@/lib/api/errors";

export interface LimiterOptions {
  concurrency: number;
  queue: number;
  /** Seconds suggested to a refused client. */
  retryAfter: number;
  /** Names the work in the refusal message. */
  what: string;
}

export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly opts: LimiterOptions) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T> | T): Promise<T> {
    if (this.running >= this.opts.concurrency) {
      if (this.waiting.length >= this.opts.queue) {
        throw new ApiError(
          "overloaded",
          `Too many ${this.opts.what} at once (${this.running} running, ${this.waiting.length} waiting): try again in ${this.opts.retryAfter} s`,
          { "Retry-After": String(this.opts.retryAfter) },
        );
      }
      // The slot is handed over by the finishing task (running stays counted), so no newcomer can take it first.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * The process's one limiter of a kind, on globalThis: Next.js bundles a module once per layer
 * (route handlers, server-rendered pages, instrumentation), so a module-level limiter would bound
 * each layer on its own and the process would run up to layers x concurrency tasks at once.
 */
export function processLimiter(opts: LimiterOptions): Limiter {
  const g = globalThis as unknown as { __portalLimiters?: Map<string, Limiter> };
  const all = (g.__portalLimiters ??= new Map());
  let limiter = all.get(opts.what);
  if (!limiter) all.set(opts.what, (limiter = new Limiter(opts)));
  return limiter;
}
