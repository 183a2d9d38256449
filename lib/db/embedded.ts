// The embedded default database: Postgres compiled to WASM (PGlite) with pgvector, served on a
// loopback port so that the web server, the worker and scripts connect to it exactly as they would
// to a real Postgres — with the random password of DATA_DIR/db-password (embedded-auth.ts). PGlite has one session: every client's queries are serialized through it.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { databasePassword, requirePassword } from "./embedded-auth";
import { DEFAULT_PRIORITY, SessionPriority, startupAppName, statementText, type PriorityOptions } from "./embedded-queue";
import { logger } from "@/lib/log";

export interface EmbeddedPostgres {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  timestamp: number;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
}

interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

// Frontend message types of the extended query protocol (Parse, Bind, Describe, Execute, Close,
// Flush); Sync ends an exchange, as does a simple Query.
const EXTENDED = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
const SYNC = 0x53;
const QUERY = 0x51;

/**
 * pglite-socket switches between clients after any single protocol message, so outside a
 * transaction another client's query can land between one client's Parse and Bind, and that Bind
 * then runs against the wrong unnamed statement ("bind message supplies 2 parameters, but
 * prepared statement "" requires 1" — or, worse, silently). This queue keeps the session with one
 * client from its first extended-protocol message to its Sync, and for a whole transaction.
 * Outside an exchange or transaction, the next message is chosen by `priority`
 * (./embedded-queue.ts: background clients yield to visitors' requests). A message that keeps the
 * session `slowMs` or longer is logged with its client and statement.
 */
function serializeExchanges(server: PGLiteSocketServer, priority: SessionPriority, slowMs: number): void {
  const q = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  let owner: number | null = null;
  const lastSql = new Map<number, Uint8Array>();
  const log = logger("embedded-db");
  q.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        // A turn of the event loop before each pick. PGlite runs a message synchronously, and the
        // socket server queues a message and starts it at once: without this turn, messages that
        // arrived meanwhile (a visitor's query behind the worker's) would each be run as they are
        // read, first come first served, whatever `priority` says.
        await new Promise<void>((r) => setImmediate(r));
        if (this.queue.length === 0) break;
        let inTransaction: boolean;
        try {
          inTransaction = this.db.isInTransaction();
        } catch (err) {
          // The database closed under the queue (a stop while clients hang up): fail what waits.
          for (const item of this.queue.splice(0)) item.reject(err);
          break;
        }
        const holder = owner ?? (inTransaction ? this.lastHandlerId : null);
        const index = holder === null ? priority.pick(this.queue, Date.now()) : this.queue.findIndex((m) => m.handlerId === holder);
        if (index === -1) break; // the holder's next message re-enters processQueue when it arrives
        const item = this.queue.splice(index, 1)[0];
        const app = startupAppName(item.message);
        if (app !== null) priority.name(item.handlerId, app);
        // The last Parse or Query message, decoded only if its exchange is logged.
        if (item.message[0] === 0x50 || item.message[0] === QUERY) lastSql.set(item.handlerId, item.message);
        const started = performance.now();
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (err) {
          item.reject(err);
          continue;
        }
        const ms = performance.now() - started;
        priority.record(item.handlerId, ms, Date.now());
        if (slowMs > 0 && ms >= slowMs) {
          const last = lastSql.get(item.handlerId);
          const statement = ((last && statementText(last)) ?? "").replace(/\s+/g, " ").slice(0, 160);
          log.info({ client: priority.app(item.handlerId) || `#${item.handlerId}`, duration_ms: Math.round(ms), waited_ms: Date.now() - item.timestamp - Math.round(ms), statement }, "slow database exchange");
        }
        this.lastHandlerId = item.handlerId;
        const type = item.message[0];
        if (EXTENDED.has(type)) owner = item.handlerId;
        else if (type === SYNC || type === QUERY) owner = null;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  const clear = q.clearQueueForHandler.bind(q);
  // A client that disconnects mid-exchange gives the session back.
  q.clearQueueForHandler = (handlerId: number) => {
    if (owner === handlerId) owner = null;
    priority.forget(handlerId);
    lastSql.delete(handlerId);
    clear(handlerId);
    q.processQueue().catch(() => undefined);
  };
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  /** Background clients' share of the session while visitors wait (EMBEDDED_DB_BACKGROUND_SHARE; ./embedded-queue.ts). */
  backgroundShare?: number;
  /** Log messages that keep the session this long (EMBEDDED_DB_SLOW_MS; 0: never). */
  slowMs?: number;
}): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(opts.dataDir, "pg");
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir, extensions: { vector } });
  await db.exec("CREATE EXTENSION IF NOT EXISTS vector");
  const server = new PGLiteSocketServer({ db, port: opts.port ?? 0, host: "127.0.0.1", maxConnections: 100 });
  const options: PriorityOptions = { ...DEFAULT_PRIORITY, backgroundShare: opts.backgroundShare ?? DEFAULT_PRIORITY.backgroundShare };
  serializeExchanges(server, new SessionPriority(options), opts.slowMs ?? 0);
  const password = databasePassword(opts.dataDir);
  requirePassword(server, password);
  await server.start();
  let stopped = false;
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@${server.getServerConn()}/postgres?sslmode=disable`,
    dataDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}
