// Keeps a child of `npm start` running: a child that exits on its own (a crash, an out-of-memory
// kill) is started again after a back-off that doubles with each quick failure (1 s … 30 s) and
// starts over once a child has run for a minute. The others keep running meanwhile.
import { startChild, stopChild, type Child } from "./processes";

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A child that ran this long was healthy: its next failure starts the back-off over. */
const HEALTHY_AFTER_MS = 60_000;

export interface Supervised {
  name: string;
  /** The running child (a new one after each restart). */
  current(): Child;
  /** Stops the child and does not restart it. */
  stop(): Promise<void>;
}

export function supervise(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, log: (msg: string) => void): Supervised {
  let child = startChild(name, cmd, args, env);
  let startedAt = Date.now();
  let delay = FIRST_DELAY_MS;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  const watch = () => {
    void child.exited.then((code) => {
      if (stopping) return;
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) delay = FIRST_DELAY_MS;
      const how = child.proc.signalCode ? `signal ${child.proc.signalCode}` : `code ${code}`;
      log(`${name} exited unexpectedly (${how}); restarting in ${delay / 1000} s`);
      timer = setTimeout(() => {
        if (stopping) return;
        child = startChild(name, cmd, args, env);
        startedAt = Date.now();
        watch();
      }, delay);
      delay = Math.min(MAX_DELAY_MS, delay * 2);
    });
  };
  watch();
  return {
    name,
    current: () => child,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await stopChild(child);
    },
  };
}
