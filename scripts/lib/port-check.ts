// A second `npm start` (or anything else) on the web port: found before anything starts, and said
// plainly, instead of an EADDRINUSE from deep inside the web server after the database is up.
import { createServer } from "node:net";

/** Resolves when `port` can be listened on; rejects with a clear message when it is taken. */
export function ensurePortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (err: NodeJS.ErrnoException) => {
      reject(
        new Error(
          err.code === "EADDRINUSE"
            ? `port ${port} is already in use (another \`npm start\`, or another server). Stop it, or start this one with PORT=<another port>.`
            : `cannot listen on port ${port}: ${err.message}`,
        ),
      );
    });
    probe.listen(port, () => probe.close(() => resolve()));
  });
}
