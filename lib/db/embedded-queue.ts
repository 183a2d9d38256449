// Who goes next on the embedded database's one session (./embedded.ts). pglite-socket serves the
// queued protocol messages first come, first served, so a background job's reads (an import, the
// health check loading the pool, a refresh) and a visitor's request wait in one line. Clients name
// themselves in their startup message (application_name; npm start gives its worker
// PGAPPNAME=onebench-worker and its web servers onebench-web): background clients get at most
// BACKGROUND_SHARE of the session's recent time while a foreground client is waiting, and all of it
// otherwise; a background message that has waited MAX_WAIT_MS goes next in any case, so background
// work slows down under load but never stops. Time is measured per exchange message and decays
// over WINDOW_MS. A message inside another client's exchange or transaction is not reordered
// (embedded.ts keeps the session with its holder first).

const PROTOCOL_3 = 196608;

/** application_name values of background clients. */
export const BACKGROUND_APPS = new Set(["onebench-worker"]);

/** A startup message's application_name ("" when it names none); null if `msg` is not a startup message. */
export function startupAppName(msg: Uint8Array): string | null {
  if (msg.length < 8 || msg[0] !== 0) return null;
  const view = new DataView(msg.buffer, msg.byteOffset, msg.byteLength);
  if (view.getInt32(4) !== PROTOCOL_3) return null;
  const fields = Buffer.from(msg.buffer, msg.byteOffset + 8, msg.byteLength - 8).toString("utf8").split("\0");
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === "application_name") return fields[i + 1];
  return "";
}

/** The SQL of a Parse ('P': name, then the query) or simple Query ('Q') message; null for others. */
export function statementText(msg: Uint8Array): string | null {
  const type = msg[0];
  if (type !== 0x50 && type !== 0x51) return null;
  let at = 5;
  if (type === 0x50) {
    while (at < msg.length && msg[at] !== 0) at++;
    at++;
  }
  let end = at;
  while (end < msg.length && msg[end] !== 0) end++;
  return Buffer.from(msg.buffer, msg.byteOffset + at, end - at).toString("utf8");
}

export interface Queued {
  handlerId: number;
  timestamp: number;
}

export interface PriorityOptions {
  /** Background clients' share of the session's recent time while foreground clients wait. */
  backgroundShare: number;
  /** A background message waiting this long goes next regardless. */
  maxWaitMs: number;
  /** Decay time of the recent-time accounts. */
  windowMs: number;
}

export const DEFAULT_PRIORITY: PriorityOptions = { backgroundShare: 0.25, maxWaitMs: 2000, windowMs: 2000 };

export class SessionPriority {
  private readonly apps = new Map<number, string>();
  private background = 0;
  private total = 0;
  private at = 0;

  constructor(private readonly opts: PriorityOptions = DEFAULT_PRIORITY) {}

  /** Records a client's application_name (from its startup message). */
  name(handlerId: number, app: string): void {
    this.apps.set(handlerId, app);
  }

  app(handlerId: number): string {
    return this.apps.get(handlerId) ?? "";
  }

  forget(handlerId: number): void {
    this.apps.delete(handlerId);
  }

  isBackground(handlerId: number): boolean {
    return BACKGROUND_APPS.has(this.apps.get(handlerId) ?? "");
  }

  /** Background clients' share of the session's recent time (0 when idle). */
  backgroundShare(now: number): number {
    this.decay(now);
    return this.total > 0 ? this.background / this.total : 0;
  }

  /** Accounts `ms` of the session's time to a client. */
  record(handlerId: number, ms: number, now: number): void {
    this.decay(now);
    this.total += ms;
    if (this.isBackground(handlerId)) this.background += ms;
  }

  /** The index in `queue` (first come first) of the message to serve next. */
  pick(queue: readonly Queued[], now: number): number {
    let fg = -1;
    let bg = -1;
    for (let i = 0; i < queue.length && (fg < 0 || bg < 0); i++) {
      if (this.isBackground(queue[i].handlerId)) {
        if (bg < 0) bg = i;
      } else if (fg < 0) fg = i;
    }
    if (fg < 0 || bg < 0) return 0;
    if (bg < fg && (now - queue[bg].timestamp >= this.opts.maxWaitMs || this.backgroundShare(now) < this.opts.backgroundShare)) return bg;
    return fg;
  }

  private decay(now: number): void {
    if (now > this.at) {
      const f = Math.exp(-(now - this.at) / this.opts.windowMs);
      this.background *= f;
      this.total *= f;
      this.at = now;
    }
  }
}
