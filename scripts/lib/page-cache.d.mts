import type { IncomingMessage, ServerResponse } from "node:http";

export const PAGE_CACHE_KEY: unique symbol;
export const CACHE_HEADER: "x-portal-page-cache";
export interface PageCacheStats {
  hits: number;
  misses: number;
  stored: number;
  entries: number;
  bytes: number;
  limitBytes: number;
}
export interface PageCache {
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  capture(req: IncomingMessage, res: ServerResponse, go: () => void): void;
  stats: PageCacheStats;
  clear(): void;
}
export function cacheable(req: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> }): boolean;
export function createPageCache(opts: { maxBytes: number; ttlMs: number; maxEntryBytes?: number; now?: () => number }): PageCache;
