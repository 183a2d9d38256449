// The one validated environment. Every process (web, worker, scripts) reads configuration here.
import { z } from "zod";

const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(".data"),
  /** Port of the embedded Postgres (PGlite) server; 0 picks a free one. */
  EMBEDDED_DB_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The name this process gives the database (application_name; node-postgres reads it): npm start and docker-compose set onebench-web / onebench-worker, which the embedded database schedules by. */
  PGAPPNAME: z.string().max(63).optional(),
  /** `npm start`'s embedded database: the worker's share of the one session while web requests wait (lib/db/embedded-queue.ts). */
  EMBEDDED_DB_BACKGROUND_SHARE: z.coerce.number().min(0).max(1).default(0.25),
  /** `npm start`'s embedded database: a statement that holds the session this long is logged with its client (0: never). */
  EMBEDDED_DB_SLOW_MS: z.coerce.number().int().min(0).default(5000),
  /** `auto`: MiniLM where its weights load, else the offline fallback. */
  EMBEDDER: z.enum(["auto", "minilm", "fallback"]).default("auto"),
  EMBEDDINGS_MODEL_DIR: z.string().optional(),
  /** `auto`: SigLIP where its weights load, else image samples are found by their text only. */
  IMAGE_EMBEDDER: z.enum(["auto", "siglip", "fallback"]).default("auto"),
  /** Local Xenova/siglip-base-patch16-224 (transformers.js layout); unset: the hub, where reachable. */
  IMAGE_EMBEDDINGS_MODEL_DIR: z.string().optional(),
  /** The model whose score is fixed at 0 unless a request names another. */
  BASELINE_MODEL: z.string().optional(),
  /** Plackett–Luce prior strength (virtual wins and losses against a 0-score reference). */
  PL_PRIOR: z.coerce.number().min(0).optional(),
  /** Largest accepted upload body, bytes. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(200 * 1024 * 1024),
  /** Uploads whose content (inflated) is at most this size are processed before the response (200); larger ones answer 202. */
  UPLOAD_SYNC_BYTES: z.coerce.number().int().positive().default(256 * 1024),
  /** In-request processing that takes longer answers 202 at this point and finishes in the background, ms. */
  UPLOAD_SYNC_MS: z.coerce.number().int().positive().default(10_000),
  /** Largest inflated content of a gzipped upload, bytes (decompression bombs). */
  UPLOAD_MAX_INFLATED_BYTES: z.coerce.number().int().positive().default(1024 * 1024 * 1024),
  /** Largest inflated : compressed ratio of an upload past its first 64 MiB (decompression bombs). */
  UPLOAD_MAX_INFLATE_RATIO: z.coerce.number().positive().default(200),
  /** Largest JSON body of the other write routes (saved leaderboards, tokens), bytes. */
  JSON_BODY_MAX_BYTES: z.coerce.number().int().positive().default(64 * 1024),
  /** Test-only fault injection: the process kills itself (SIGKILL; `term-…`: SIGTERM) at this point of an import (lib/ingest/crash-points.ts). */
  CRASH_AT: z.enum(["before-parse", "mid-write", "mid-publish", "mid-embedding", "term-mid-write"]).optional(),
  /** Failed token attempts per client address per minute before 429 (lib/auth/attempts.ts). */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Skip loading the demo data set into an empty pool. */
  NO_DEMO: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  /** The worker's CPU niceness (0–19): background work gives way to the web server on a shared host. */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Samples embedded (and written) per batch by the worker; each batch is one short write. */
  EMBED_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  /** Parallel workers of a native server's HNSW index build (its max_parallel_maintenance_workers); 0: the build takes one core. */
  HNSW_BUILD_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  /** Leaderboard fits running at once in this process (lib/serving/limiter.ts). */
  FIT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Fits waiting for a slot; past this a request answers 503 with Retry-After. */
  FIT_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  /** `npm start`: Next.js server processes sharing PORT (node:cluster, scripts/lib/web-cluster.mjs); each keeps its own read model. Unset: 2 where the host has 2 cores or more, else 1. */
  WEB_PROCESSES: z.coerce.number().int().min(1).max(16).optional(),
  /** `npm start`: the V8 young-generation semi-space of each web process, MB (0: V8's default). Requests in flight keep many short-lived objects alive across awaits: a larger one scavenges less often and promotes less. */
  /** Each web process loads its read model, keyword index, vectors and the overall leaderboard at start (lib/web/warm.ts). */
  WEB_WARM_UP: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  WEB_SEMI_SPACE_MB: z.coerce.number().int().min(0).max(1024).default(32),
  /** With WEB_WARM_UP: rounds of requests (one of each kind a visitor makes, each query new) a web process sends itself after loading, so that the code they run is compiled before the first visitors (lib/web/warm.ts warmCode; 0: none). */
  WEB_WARM_UP_ROUNDS: z.coerce.number().int().min(0).max(1000).default(12),
  /** With WEB_WARM_UP: how often (ms) a web process checks the data version and, when it moved, loads the change in the background (lib/web/warm.ts keepWarm; 0: only at start). */
  WEB_REWARM_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** `npm start`: web servers collect garbage on their main thread only (V8 --single-threaded-gc). auto: when there are as many servers as cores (scripts/lib/processes.ts singleThreadedGc). */
  WEB_SINGLE_THREADED_GC: z.enum(["auto", "0", "1"]).default("auto"),
  /** `npm start`: requests each web process runs at once; the rest wait their turn, first come first served (scripts/lib/request-gate.mjs). 0: no gate. */
  WEB_ACTIVE_REQUESTS: z.coerce.number().int().min(0).max(1024).default(2),
  /** Requests waiting for a turn per web process; past this a request answers 503 with Retry-After. */
  WEB_QUEUE: z.coerce.number().int().min(0).max(100_000).default(512),
  /** A request that waited this long for a turn answers 503 with Retry-After instead of running, ms. */
  WEB_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(15_000),
  /** The rendered-page cache of each web server (scripts/lib/page-cache.mjs): its size (0: off) and how long a page is kept. */
  WEB_PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(24),
  WEB_PAGE_CACHE_TTL_S: z.coerce.number().int().min(1).max(86_400).default(3600),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** The worker touches this file after each catch-up with the database (every 30 s): docker-compose's health check reads its age. */
  WORKER_HEARTBEAT_FILE: z.string().min(1).optional(),
  /** Longest wait for a database connection (a new one, or a free one of the pool) before a request answers 503, ms. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
});

export type Env = z.infer<typeof schema>;

/** Every variable the portal reads (docker-compose.yml is checked against this list). */
export const ENV_KEYS = Object.keys(schema.shape) as (keyof Env)[];

function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

let cached: Env | undefined;

/** The validated environment, read once per process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Re-read process.env (scripts that set variables after import, and tests). */
export function reloadEnv(): Env {
  cached = parseEnv(process.env);
  return cached;
}

/** DATABASE_URL, which must be set by now (the start script sets it for the embedded database). */
export function databaseUrl(): string {
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the portal with `npm start`, or set it to a Postgres URL");
  return url;
}
