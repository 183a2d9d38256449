import type { IncomingMessage, ServerResponse } from "node:http";

export interface GateStats {
  active: number;
  queued: number;
  admitted: number;
  refused: number;
  dropped: number;
  waitedMsTotal: number;
  limit: number;
  queueLimit: number;
}
export interface Gate {
  admit(req: IncomingMessage, res: ServerResponse, go: () => void): void;
  stats: GateStats;
}
export function bypasses(method: string | undefined, url: string | undefined): boolean;
export const QUEUE_HEADER: "x-portal-queue-ms";
export const GATE_TIMING: "gate";
export function createGate(opts?: { active?: number; queue?: number; waitMs?: number; now?: () => number; log?: (line: Record<string, unknown>) => void }): Gate;
export function install(gate?: Gate, pages?: import("./page-cache.mjs").PageCache, log?: (line: Record<string, unknown>) => void): Gate;
