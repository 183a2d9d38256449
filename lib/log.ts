// The one logger of a process: pino, one JSON object per line on stdout (a log shipper reads them
// as they come), level from LOG_LEVEL. Each part of the portal logs through a child named by its
// `component` (api, worker, ingest, queue, db), so lines can be filtered without parsing messages.
import pino, { type DestinationStream, type Level, type Logger } from "pino";
import { env } from "@/lib/env";

export type { Logger };

interface LogState {
  root: Logger;
  /** Where lines go; swapped by tests, and every child logger follows because they write here. */
  sink: { target: DestinationStream };
}

const g = globalThis as unknown as { __portalLog?: LogState };

function state(): LogState {
  if (g.__portalLog) return g.__portalLog;
  const sink = { target: pino.destination({ dest: 1, sync: true }) as DestinationStream };
  const root = pino(
    {
      level: env().LOG_LEVEL,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Levels by name ("info"), not pino's numbers: readable without a pino-aware viewer.
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: (line: string) => sink.target.write(line) },
  );
  g.__portalLog = { root, sink };
  return g.__portalLog;
}

/** A logger for one part of the portal; its lines carry `component`. */
export function logger(component: string): Logger {
  return state().root.child({ component });
}

/**
 * Sends every line, from loggers taken before or after, to `destination` (tests capture lines this
 * way), at `level` for loggers taken from now on, and returns a function that undoes both.
 */
export function redirectLogs(destination: DestinationStream, level?: Level): () => void {
  const { sink, root } = state();
  const previous = { target: sink.target, level: root.level };
  sink.target = destination;
  if (level) root.level = level;
  return () => {
    sink.target = previous.target;
    root.level = previous.level;
  };
}
