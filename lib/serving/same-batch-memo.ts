// What was computed from a carried batch, for as long as the very same batch object comes back. A
// data version that leaves a selection's measurements alone (an embedding job's, a health check's,
// an upload elsewhere) carries its batch over as the same object (./incremental-batch.ts), and
// everything computed from it is then the same: the selection's ranking (lib/leaderboard/compute.ts),
// the model pages' pool fits (lib/models/pool-fits.ts), compare's warm-up (lib/web/warm.ts). The
// batch is held weakly: once no selection carries it, it can be collected, and its entry never
// answers again.

export class SameBatchMemo<T> {
  private readonly entries = new Map<string, { batch: WeakRef<object>; value: T }>();

  /** At most `size` keys, the least recently used forgotten first. */
  constructor(private readonly size: number) {}

  /** The value set under `key` for this very batch object, if any. */
  get(key: string, batch: object): T | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.batch.deref() !== batch) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, batch: object, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { batch: new WeakRef(batch), value });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}
